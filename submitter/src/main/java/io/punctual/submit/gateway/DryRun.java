package io.punctual.submit.gateway;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingTerm;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.pipeline.ReservationPlan;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.yarn.ReservationSpec;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a submission would get, without anything recorded or launched: {@code POST /batches?dryRun=true}.
 *
 * @param verdict   {@code admitted}, {@code rejected}, or {@code queued} (no room now, under an admission policy that
 *                  queues: the batch would wait for its turn)
 * @param executors the executor count sizing chose, when admitted
 * @param proxyUser whom the batch would run as ({@link RunAs}); empty: the gateway's own user
 */
public record DryRun(String jobKey, Optional<String> proxyUser, String verdict, Optional<String> reason, Optional<Integer> executors,
                     Optional<String> method, Optional<String> bound, Optional<Long> holdSeconds,
                     Optional<Instant> predictedFinish, Optional<Instant> earliestDeadline, Instant deadline,
                     boolean bestEffort, List<SizingTerm> terms, Optional<ReservationSpec> plannedReservation) {

    /**
     * @param plan what would be asked of YARN (for a sized batch with a deadline); a plan with no room, or none at
     *             all, turns the verdict into a rejection, as a real submission would end
     */
    static DryRun of(BatchRecord record, Decision decision, boolean bestEffort,
                     Optional<ReservationPlan> plan, AdmissionPolicy admission) {
        Instant deadline = Instant.ofEpochMilli(record.deadlineMs());
        if (decision.sizing() instanceof SizingDecision.Sized s) {
            Optional<ReservationSpec> first = plan.flatMap(p -> p.specs().stream().findFirst());
            Optional<String> noRoom = plan.flatMap(p -> p.refusal().or(() -> p.prediction().refusedBy()));
            Optional<Instant> earliest = plan.flatMap(ReservationPlan::earliestDeadline);
            boolean waits = noRoom.isPresent() && admission != AdmissionPolicy.FIRST_FIT
                    && plan.map(p -> !p.specs().isEmpty()).orElse(false);
            String verdict = noRoom.isEmpty() ? "admitted" : waits ? BatchStates.QUEUED : "rejected";
            return new DryRun(record.jobKey(), Optional.ofNullable(record.proxyUser()), verdict,
                    noRoom.map(r -> r + earliest.map(e -> "; the earliest deadline with room is " + e).orElse("")),
                    Optional.of(s.executors()), Optional.of(s.method()), Optional.of(s.decidedBy().name().toLowerCase()),
                    Optional.of(s.hold().toSeconds()), s.thetaFinish(), earliest, deadline, bestEffort, s.terms(),
                    first);
        }
        Optional<Instant> earliest = decision.sizing() instanceof SizingDecision.Unmeetable u
                ? u.earliestDeadline() : Optional.empty();
        return new DryRun(record.jobKey(), Optional.ofNullable(record.proxyUser()), "rejected", Optional.of(reason(decision.sizing())), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), earliest, deadline, bestEffort,
                decision.sizing().terms(), Optional.empty());
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
