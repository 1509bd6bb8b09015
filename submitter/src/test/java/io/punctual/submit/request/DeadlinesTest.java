package io.punctual.submit.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class DeadlinesTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneId.of("Europe/Paris"));

    @Test
    void durationsCountFromNow() {
        assertThat(Deadlines.parse("45m", CLOCK)).isEqualTo(NOW.plus(Duration.ofMinutes(45)));
        assertThat(Deadlines.parse("1h30m", CLOCK)).isEqualTo(NOW.plus(Duration.ofMinutes(90)));
        assertThat(Deadlines.parse("1d2h3m4s", CLOCK)).isEqualTo(NOW.plus(Duration.parse("P1DT2H3M4S")));
        assertThat(Deadlines.parse("PT2H", CLOCK)).isEqualTo(NOW.plusSeconds(7200));
    }

    @Test
    void timesAreAbsoluteAndLocalTimesUseTheMachinesZone() {
        assertThat(Deadlines.parse("2026-11-22T18:00:00Z", CLOCK)).isEqualTo(Instant.parse("2026-11-22T18:00:00Z"));
        assertThat(Deadlines.parse("2026-11-22T18:00+01:00", CLOCK)).isEqualTo(Instant.parse("2026-11-22T17:00:00Z"));
        assertThat(Deadlines.parse("2026-11-22T18:00", CLOCK)).isEqualTo(Instant.parse("2026-11-22T17:00:00Z"));
    }

    @Test
    void aDeadlineInThePastIsRefusedWithTheTimes() {
        assertThatThrownBy(() -> Deadlines.parse("2026-11-22T09:00:00Z", CLOCK)).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("not in the future").hasMessageContaining("2026-11-22T10:00:00Z");
        assertThatThrownBy(() -> Deadlines.parse("0m", CLOCK)).hasMessageContaining("not in the future");
    }

    @Test
    void unreadableDeadlinesSayWhatIsAccepted() {
        assertThatThrownBy(() -> Deadlines.parse("tomorrow", CLOCK)).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("cannot read the deadline 'tomorrow'").hasMessageContaining("45m");
        assertThatThrownBy(() -> Deadlines.parse(" ", CLOCK)).hasMessageContaining("empty");
    }

    @Test
    void humanDurationsAreShort() {
        assertThat(Deadlines.human(Duration.ofSeconds(12))).isEqualTo("12s");
        assertThat(Deadlines.human(Duration.ofSeconds(250))).isEqualTo("4m 10s");
        assertThat(Deadlines.human(Duration.ofMinutes(65))).isEqualTo("1h 05m");
    }
}
