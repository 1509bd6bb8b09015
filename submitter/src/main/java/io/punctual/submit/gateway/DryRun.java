package io.punctual.submit.gateway;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingTerm;
import io.punctual.submit.pipeline.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a submission would get, without anything recorded or launched: {@code POST /batches?dryRun=true}.
 *
 * @param verdict   {@code admitted} or {@code rejected}
 * @param executors the executor count sizing chose, when admitted
 */
public record DryRun(String jobKey, String verdict, Optional<String> reason, Optional<Integer> executors,
                     Optional<String> method, Optional<String> bound, Optional<Long> holdSeconds,
                     Optional<Instant> predictedFinish, Optional<Instant> earliestDeadline, Instant deadline,
                     boolean bestEffort, List<SizingTerm> terms) {

    static DryRun of(BatchRecord record, Decision decision, boolean bestEffort) {
        Instant deadline = Instant.ofEpochMilli(record.deadlineMs());
        if (decision.sizing() instanceof SizingDecision.Sized s) {
            return new DryRun(record.jobKey(), "admitted", Optional.empty(), Optional.of(s.executors()),
                    Optional.of(s.method()), Optional.of(s.decidedBy().name().toLowerCase()),
                    Optional.of(s.hold().toSeconds()), s.thetaFinish(), Optional.empty(), deadline, bestEffort,
                    s.terms());
        }
        Optional<Instant> earliest = decision.sizing() instanceof SizingDecision.Unmeetable u
                ? u.earliestDeadline() : Optional.empty();
        return new DryRun(record.jobKey(), "rejected", Optional.of(reason(decision.sizing())), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), earliest, deadline, bestEffort,
                decision.sizing().terms());
    }

    /** Why a decision that is not a size rejects the submission. */
    static String reason(SizingDecision decision) {
        if (decision instanceof SizingDecision.Unmeetable u) {
            return "the deadline cannot be met: " + u.reason()
                    + u.earliestDeadline().map(d -> "; the earliest deadline that would be met is " + d).orElse("");
        }
        if (decision instanceof SizingDecision.NotApplicable n) {
            return "no sizer could size the job: " + n.reason();
        }
        return "sized";
    }
}
