package io.punctual.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobKeyTest {

    @Test
    void anExplicitKeyAndTeamWinOverEverythingElse() {
        var key = JobKey.from(Map.of("spark.deadline.jobKey", "daily-revenue", "spark.deadline.team", "finance",
                "spark.yarn.queue", "etl", "airflow.ctx.dag_id", "d", "airflow.ctx.task_id", "t"), "Revenue", "bob",
                Optional.of("com.x.Revenue"));
        assertThat(key).isEqualTo(new JobKey("finance", "daily-revenue"));
    }

    @Test
    void airflowContextNamesTheJobWhenNoKeyIsGiven() {
        var key = JobKey.from(Map.of("spark.airflow.ctx.dag.dag_id", "etl", "spark.airflow.ctx.task.task_id", "load"),
                "x", "bob", Optional.empty());
        assertThat(key).isEqualTo(new JobKey("bob", "airflow:etl.load"));
    }

    @Test
    void otherwiseTheAppNameAndMainClass() {
        assertThat(JobKey.from(Map.of(), "WordCount", "u", Optional.of("io.x.WordCount")).name())
                .isEqualTo("WordCount@io.x.WordCount");
        assertThat(JobKey.from(Map.of(), "io.x.WordCount", "u", Optional.of("io.x.WordCount")).name())
                .isEqualTo("io.x.WordCount");
    }

    @Test
    void theTeamFallsBackToTheQueueUnlessDefaultThenTheUser() {
        assertThat(JobKey.from(Map.of("spark.yarn.queue", "etl"), "a", "bob", Optional.empty()).team()).isEqualTo("etl");
        assertThat(JobKey.from(Map.of("spark.yarn.queue", "default"), "a", "bob", Optional.empty()).team()).isEqualTo("bob");
        assertThat(JobKey.from(Map.of(), "a", null, Optional.empty()).team()).isEqualTo("default");
    }

    @Test
    void theSlugIsSafeForYarnTags() {
        var slug = new JobKey("Data Team", "Nightly/Load: Orders").slug();
        assertThat(slug).matches("[a-z0-9._-]+").isEqualTo("data-team.nightly-load-orders");
    }

    @Test
    void printedKeysParseBackAndBareNamesAreRefused() {
        var key = new JobKey("finance", "daily/part");
        assertThat(JobKey.parse(key.toString())).isEqualTo(key);
        assertThatThrownBy(() -> JobKey.parse("adhoc")).hasMessageContaining("team/name");
    }
}
