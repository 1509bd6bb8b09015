package io.punctual.yarn.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ManualClockTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");

    @Test
    void itStandsStillUntilAdvancedOrSet() {
        ManualClock clock = new ManualClock(T0);

        assertThat(clock.instant()).isEqualTo(T0);
        assertThat(clock.millis()).isEqualTo(T0.toEpochMilli());
        assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
        assertThat(clock.advance(Duration.ofMinutes(3))).isEqualTo(T0.plusSeconds(180));
        clock.set(T0.minusSeconds(5));
        assertThat(clock.instant()).isEqualTo(T0.minusSeconds(5));
    }

    @Test
    void aViewInAnotherZoneMovesWithIt() {
        ManualClock clock = new ManualClock(T0);
        Clock paris = clock.withZone(ZoneId.of("Europe/Paris"));

        clock.advance(Duration.ofSeconds(42));

        assertThat(paris.instant()).isEqualTo(T0.plusSeconds(42));
        assertThat(paris.getZone()).isEqualTo(ZoneId.of("Europe/Paris"));
    }

    @Test
    void itDoesNotAdvanceBackwards() {
        assertThatThrownBy(() -> new ManualClock(T0).advance(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("set()");
    }
}
