package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddedYarnIT {

    static EmbeddedYarn yarn;
    static ClusterGateway gateway;

    @BeforeAll
    static void start() {
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), Path.of("target", "embedded-yarn-it-conf"));
        gateway = yarn.gateway();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (yarn != null) {
            yarn.close();
        }
    }

    @Test
    void reservesAndTheQueueAppears() {
        Instant now = Instant.now();
        var spec = ReservationSpec.single("sla", "it", now, now.plus(Duration.ofMinutes(5)),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofMinutes(5)));
        var outcome = gateway.reserve(spec);
        System.out.println(outcome);
        assertThat(outcome).isInstanceOf(ReservationOutcome.Reserved.class);
        var id = ((ReservationOutcome.Reserved) outcome).id();
        System.out.println(gateway.snapshot());
        var queue = gateway.awaitReservationQueue("sla", id, Duration.ofSeconds(20));
        System.out.println(queue);
        assertThat(queue.ceiling().memoryMb()).isPositive();
        assertThat(gateway.release(id)).isTrue();
        assertThat(gateway.release(id)).isFalse();
    }
}
