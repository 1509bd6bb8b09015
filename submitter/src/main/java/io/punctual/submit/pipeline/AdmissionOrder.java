package io.punctual.submit.pipeline;

import io.punctual.sizing.justice.AdmissionPriority;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One admission round's order over the waiting deadline jobs, for every entry point (the gateway's rounds and the
 * simulator's {@code punctual:<policy>}): under {@code justice}, Justice's {@link AdmissionPriority} (smallest
 * {@code reqCpus / TTD} first, Justice Algorithm 4); under {@code rush}, {@link RushArbitration}'s mapped completions,
 * which may move a job's completion past its deadline as far as its utility tolerates (RUSH §III-B, §III-C); a job
 * whose mapped completion is worth nothing is offered the plan last, for its own deadline only, as RUSH serves
 * zero-utility jobs after the rest. Each turn is taken through the one submission machine, which drops a job once no
 * sizing can meet what it is asked to complete by.
 */
public final class AdmissionOrder {

    private AdmissionOrder() {
    }

    /**
     * A job in the admission queue.
     *
     * @param cpus the CPUs its last sizing's reservation holds at once (executors and ApplicationMaster)
     * @param hold how long that reservation holds them
     */
    public record Waiting(String id, int cpus, Duration hold, Instant submittedAt, Instant deadline,
                          DeadlineUtility utility) {
    }

    /**
     * One waiting job's turn: size it again and offer it the plan, to complete by {@code completeBy} when arbitration
     * moved it past its deadline; {@code note} says what arbitration expects of it, and {@code arbitration} is the
     * same verdict as values, for callers that show it field by field (both empty under Justice).
     */
    public record Turn(String id, Optional<Instant> completeBy, Optional<String> note,
                       Optional<RushArbitration.Verdict> arbitration) {
    }

    /** The turns of one round, in the order they are to be taken. */
    public static List<Turn> turns(AdmissionPolicy policy, List<Waiting> waiting, int freeCpus, Instant now) {
        if (policy == AdmissionPolicy.RUSH) {
            List<RushArbitration.Contender> contenders = waiting.stream().map(w -> new RushArbitration.Contender(
                    w.id(), w.cpus(), w.hold(), w.deadline(), w.utility())).toList();
            List<RushArbitration.Verdict> verdicts = RushArbitration.arbitrate(contenders, freeCpus, now);
            return Stream.concat(verdicts.stream().filter(RushArbitration.Verdict::worthRunning),
                    verdicts.stream().filter(v -> !v.worthRunning())).map(AdmissionOrder::turn).toList();
        }
        return waiting.stream().sorted(Comparator.comparing((Waiting w) -> AdmissionPriority.of(w.id(), w.cpus(),
                w.submittedAt(), Duration.between(now, w.deadline()))))
                .map(w -> new Turn(w.id(), Optional.empty(), Optional.empty(), Optional.empty())).toList();
    }

    private static Turn turn(RushArbitration.Verdict verdict) {
        if (!verdict.worthRunning()) {
            return new Turn(verdict.id(), Optional.empty(), Optional.of("RUSH's arbitration can complete it no"
                    + " earlier than " + verdict.completeBy() + ", " + verdict.lateness().toSeconds() + " s late, where"
                    + " its utility is 0, so it is offered the plan last, for its deadline only (a utility with more"
                    + " grace lets it finish late)"), Optional.of(verdict));
        }
        String note = String.format(Locale.ROOT, "RUSH's arbitration expects it to complete by %s, %d s late, at"
                + " utility %.2f", verdict.completeBy(), verdict.lateness().toSeconds(), verdict.utility());
        return new Turn(verdict.id(), verdict.lateness().isZero() ? Optional.empty()
                : Optional.of(verdict.completeBy()), Optional.of(note), Optional.of(verdict));
    }
}
