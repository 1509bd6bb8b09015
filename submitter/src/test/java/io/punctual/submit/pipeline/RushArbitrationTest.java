package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.request.DeadlineUtility;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** RUSH's arbitration between waiting jobs: who finishes on time, who late, who not at all. */
class RushArbitrationTest {

    private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");
    private static final DeadlineUtility LINEAR_30M = DeadlineUtility.parse("linear 30m").orElseThrow();

    private static RushArbitration.Contender job(String id, int cpus, int holdMinutes, int deadlineMinutes,
                                                 DeadlineUtility utility) {
        return new RushArbitration.Contender(id, cpus, Duration.ofMinutes(holdMinutes),
                NOW.plus(Duration.ofMinutes(deadlineMinutes)), utility);
    }

    private static Map<String, RushArbitration.Verdict> byId(List<RushArbitration.Verdict> verdicts) {
        return verdicts.stream().collect(Collectors.toMap(RushArbitration.Verdict::id, Function.identity()));
    }

    @Test
    void whenEveryJobFitsEachKeepsItsDeadline() {
        var verdicts = byId(RushArbitration.arbitrate(List.of(job("a", 4, 10, 60, DeadlineUtility.HARD),
                job("b", 4, 10, 60, LINEAR_30M)), 8, NOW));

        assertThat(verdicts.values()).allSatisfy(v -> {
            assertThat(v.lateness()).isZero();
            assertThat(v.utility()).isEqualTo(1.0);
        });
        assertThat(verdicts.get("a").completeBy()).isEqualTo(NOW.plus(Duration.ofMinutes(60)));
    }

    @Test
    void theJobWhoseUtilityToleratesLatenessIsTheOneThatFinishesLate() {
        // 8 CPUs, two jobs of 8 CPUs for 20 minutes, both due in 30: only one can be on time.
        var verdicts = byId(RushArbitration.arbitrate(List.of(job("hard", 8, 20, 30, DeadlineUtility.HARD),
                job("soft", 8, 20, 30, LINEAR_30M)), 8, NOW));

        assertThat(verdicts.get("hard").lateness()).isZero();
        assertThat(verdicts.get("hard").worthRunning()).isTrue();
        RushArbitration.Verdict soft = verdicts.get("soft");
        assertThat(soft.lateness()).isEqualTo(Duration.ofMinutes(10));
        assertThat(soft.utility()).isCloseTo(2.0 / 3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(soft.completeBy()).isEqualTo(NOW.plus(Duration.ofMinutes(40)));
    }

    @Test
    void ofTwoHardJobsThatCannotBothBeOnTimeOneIsWorthNothing() {
        var verdicts = RushArbitration.arbitrate(List.of(job("x", 8, 20, 30, DeadlineUtility.HARD),
                job("y", 8, 20, 30, DeadlineUtility.HARD)), 8, NOW);

        assertThat(verdicts).filteredOn(RushArbitration.Verdict::worthRunning).hasSize(1);
        assertThat(verdicts.get(0).lateness()).as("listed in order of completion").isZero();
        assertThat(verdicts.get(1).worthRunning()).isFalse();
    }
}
