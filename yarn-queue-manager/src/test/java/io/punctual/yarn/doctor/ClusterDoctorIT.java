package io.punctual.yarn.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.TestCluster;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@link ClusterDoctor} against the embedded YARN: what it has, and a queue that is not a plan. */
class ClusterDoctorIT {

    @RegisterExtension
    static final TestCluster cluster = TestCluster.perClass("doctor-it");

    @Test
    void theEmbeddedClusterHasEverythingPunctualNeeds(@TempDir Path dir) {
        List<Finding> found = ClusterDoctor.examine(cluster.yarn().confDir(),
                new Expectations("sla", "punctual", List.of(), List.of(dir.toUri().toString())));

        assertThat(found).extracting(Finding::prerequisite).containsExactly(Prerequisite.values());
        assertThat(found).allSatisfy(f -> assertThat(f.verdict()).as(f.toString()).isEqualTo(Verdict.MET));
        assertThat(found.get(0).detail()).contains("2 NodeManagers");
    }

    @Test
    void aPlanQueueThatIsNotReservableIsMissingWithYarnsReasonWhileTheSystemIsOn(@TempDir Path dir) {
        List<Finding> found = ClusterDoctor.examine(cluster.yarn().confDir(),
                new Expectations("adhoc", "punctual", List.of(), List.of(dir.toUri().toString())));

        Finding system = found.stream().filter(f -> f.prerequisite() == Prerequisite.RESERVATION_SYSTEM).findFirst()
                .orElseThrow();
        Finding plan = found.stream().filter(f -> f.prerequisite() == Prerequisite.PLAN_QUEUE).findFirst()
                .orElseThrow();
        assertThat(system.verdict()).isEqualTo(Verdict.MET);
        assertThat(plan.verdict()).isEqualTo(Verdict.MISSING);
        assertThat(plan.detail()).startsWith("adhoc: YARN said: ").contains("reserv");
    }
}
