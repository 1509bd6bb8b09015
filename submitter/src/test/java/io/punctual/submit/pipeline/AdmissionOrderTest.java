package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order of one admission round under each queueing policy. */
class AdmissionOrderTest {

    private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");

    private static AdmissionOrder.Waiting waiting(String id, int cpus, int holdMinutes, int dueMinutes,
                                                  String utility) {
        return new AdmissionOrder.Waiting(id, cpus, Duration.ofMinutes(holdMinutes), NOW.minusSeconds(60),
                NOW.plus(Duration.ofMinutes(dueMinutes)), DeadlineUtility.parse(utility).orElseThrow());
    }

    @Test
    void justiceServesTheSmallestCpusPerSecondToDeadlineFirstWithoutMovingAnyCompletion() {
        List<AdmissionOrder.Turn> turns = AdmissionOrder.turns(AdmissionPolicy.JUSTICE, List.of(
                waiting("urgent-wide", 8, 10, 15, "hard"), waiting("relaxed-wide", 8, 10, 120, "hard"),
                waiting("narrow", 2, 10, 20, "hard")), 4, NOW);

        // 8/7200 < 2/1200 < 8/900 CPUs per second
        assertThat(turns).extracting(AdmissionOrder.Turn::id).containsExactly("relaxed-wide", "narrow", "urgent-wide");
        assertThat(turns).allSatisfy(t -> assertThat(t.completeBy()).isEmpty());
    }

    @Test
    void rushLetsTheTolerantJobFinishLateAndOffersAWorthlessOneLast() {
        List<AdmissionOrder.Turn> turns = AdmissionOrder.turns(AdmissionPolicy.RUSH, List.of(
                waiting("hard-a", 8, 20, 30, "hard"), waiting("hard-b", 8, 20, 30, "hard"),
                waiting("tolerant", 8, 20, 30, "linear 2h")), 8, NOW);

        assertThat(turns).hasSize(3);
        AdmissionOrder.Turn last = turns.get(2);
        assertThat(last.id()).startsWith("hard-");
        assertThat(last.completeBy()).as("a worthless job is offered only its own deadline").isEmpty();
        assertThat(last.note()).hasValueSatisfying(n -> assertThat(n).contains("utility is 0"));
        AdmissionOrder.Turn tolerant = turns.stream().filter(t -> t.id().equals("tolerant")).findFirst().orElseThrow();
        // three 20-minute gangs of the whole plan: the tolerant one goes last, done at 60 minutes, 30 late of 2 h grace
        assertThat(tolerant.completeBy()).contains(NOW.plusSeconds(3600));
        assertThat(tolerant.note()).hasValueSatisfying(n -> assertThat(n).contains("1800 s late, at utility 0.75"));
    }
}
