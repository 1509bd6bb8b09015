package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A started embedded cluster takes reservations at once for its whole plan, not only for the first NodeManager's
 * share of it (the plan follower grows the plan a step after each node registers).
 */
class EmbeddedYarnReadyIT {

    @Test
    void theMomentItIsReadyThePlanTakesMoreThanOneNodesShare() {
        try (TestCluster cluster = TestCluster.start("embedded-ready-it")) {
            var spec = cluster.yarn().spec();
            int oneNodeShareMb = spec.nodeMemoryMb() * spec.planPercent() / 100;
            int containers = oneNodeShareMb / 1024 + 2;
            Instant now = Instant.now();
            ReservationOutcome outcome = cluster.gateway().reserve(ReservationSpec.single("sla", "whole-plan", now,
                    now.plus(Duration.ofMinutes(3)), StageRequest.gang(Resources.of(1, 1024), containers,
                            Duration.ofMinutes(2))));

            assertThat(containers * 1024).isGreaterThan(oneNodeShareMb);
            assertThat(outcome).as(outcome.toString()).isInstanceOf(ReservationOutcome.Reserved.class);
            assertThat(cluster.gateway().release(((ReservationOutcome.Reserved) outcome).reservation().id())).isTrue();
        }
    }
}
