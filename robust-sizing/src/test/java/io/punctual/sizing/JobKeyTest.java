package io.punctual.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobKeyTest {

    @Test
    void anExplicitKeyWinsOverEverythingElse() {
        var key = JobKey.from(Map.of("spark.deadline.jobKey", "daily-revenue", "spark.deadline.team", "finance",
                "spark.app.name", "Revenue", "spark.airflow.ctx.dag_id", "d", "spark.airflow.ctx.task_id", "t"),
                Optional.of("com.x.Revenue"));
        assertThat(key).isEqualTo(new JobKey("finance", "daily-revenue"));
    }

    @Test
    void airflowContextNamesTheJobWhenNoKeyIsGiven() {
        var key = JobKey.from(Map.of("airflow.ctx.dag_id", "etl", "airflow.ctx.task_id", "load",
                "spark.app.name", "x"), Optional.empty());
        assertThat(key).isEqualTo(new JobKey("default", "etl.load"));
    }

    @Test
    void otherwiseTheAppNameAndMainClass() {
        assertThat(JobKey.from(Map.of("spark.app.name", "WordCount"), Optional.of("io.x.WordCount")).name())
                .isEqualTo("WordCount@io.x.WordCount");
        assertThat(JobKey.from(Map.of("spark.app.name", "io.x.WordCount"), Optional.of("io.x.WordCount")).name())
                .isEqualTo("io.x.WordCount");
    }

    @Test
    void theSlugIsSafeForYarnTags() {
        var slug = new JobKey("Data Team", "Nightly/Load: Orders").slug();
        assertThat(slug).matches("[a-z0-9._-]+").isEqualTo("data-team.nightly-load-orders");
    }

    @Test
    void printedKeysParseBack() {
        var key = new JobKey("finance", "daily");
        assertThat(JobKey.parse(key.toString())).isEqualTo(key);
        assertThat(JobKey.parse("adhoc")).isEqualTo(new JobKey("default", "adhoc"));
    }
}
