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

    @Test
    void aReservationsQueueStandsForItsPlanQueueOrTheUserSoEveryRunIsTheSameJob() {
        JobKey first = JobKey.from(Map.of("spark.yarn.queue", "reservation_1795323250913_0001"), "direct-res", "bob",
                Optional.empty());
        JobKey next = JobKey.from(Map.of("spark.yarn.queue", "reservation_1795323250913_0002"), "direct-res", "bob",
                Optional.empty());

        assertThat(first).isEqualTo(next).isEqualTo(new JobKey("bob", "direct-res"));
        assertThat(JobKey.from(Map.of("spark.yarn.queue", "root.sla.reservation_17_3"), "a", "bob", Optional.empty())
                .team()).isEqualTo("root.sla");
        assertThat(JobKey.from(Map.of("spark.yarn.queue", "sla-default"), "a", "bob", Optional.empty()).team())
                .isEqualTo("sla");
    }

    @Test
    void aQueueNamedForOneRunStandsForItsParentOrTheUser() {
        assertThat(JobKey.stableTeam("root.etl.run-1795323250913", "bob")).isEqualTo("root.etl");
        assertThat(JobKey.stableTeam("job-3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b", "bob")).isEqualTo("bob");
        assertThat(JobKey.stableTeam("application_1795323250913_0042", null)).isEqualTo("default");
        assertThat(JobKey.stableTeam("etl-2024", "bob")).as("a short number is a name, not a run").isEqualTo("etl-2024");
    }

    @Test
    void aKeyStoredUnderAReservationQueueMigratesAndAStableOneStays() {
        JobKey old = new JobKey("reservation_1795323250913_0001", "direct-res@io.x.Main");

        assertThat(old.withStableTeam("bob")).isEqualTo(new JobKey("bob", "direct-res@io.x.Main"));
        assertThat(new JobKey("etl", "load").withStableTeam("bob")).isEqualTo(new JobKey("etl", "load"));
        assertThat(old.withStableTeam("bob").withStableTeam("alice")).as("idempotent").isEqualTo(old.withStableTeam("bob"));
    }
}
