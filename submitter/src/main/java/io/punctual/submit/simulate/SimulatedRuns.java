package io.punctual.submit.simulate;

import io.punctual.simulate.workload.JobView;
import io.punctual.submit.pipeline.SubmissionMachine;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionState;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How a simulated job is named and when the simulator looks at its submission again: the gateway's launch pool and
 * poller act on ticks and polls every few seconds; the simulator wakes a submission exactly when the machine waits
 * for time — a reservation whose queue opens at the plan follower's next step, a retry, a run about to outlive its
 * reservation, a run passing the completion RUSH's arbitration gave it.
 */
final class SimulatedRuns {

    /** YARN's plan follower creates a reservation's queue at its next step (one second in the simulated YARN). */
    private static final Duration FOLLOWER_STEP = Duration.ofSeconds(1);

    private SimulatedRuns() {
    }

    static String id(JobView job) {
        return "sim-" + job.index();
    }

    /**
     * @param now         the simulated clock
     * @param expiryKills whether nothing moves a run out of its reservation (punctual-expiry)
     * @return when the machine should next hear of the submission by itself, if it waits for time
     */
    static Optional<Instant> nextLook(SubmissionState state, Instant now, boolean expiryKills) {
        if (state instanceof SubmissionState.Reserved reserved) {
            return Optional.of(queueOpens(reserved.reservation().start(), now));
        }
        if (state instanceof SubmissionState.Sized sized) {
            return sized.retryAt();
        }
        if (state instanceof SubmissionState.Running running) {
            Optional<Instant> leave = expiryKills || running.watch().leaveAsked() ? Optional.empty()
                    : running.holdEnds().map(end -> end.minus(SubmissionMachine.LEAVE_BEFORE_END));
            // A run RUSH's arbitration let finish late is judged by Justice's kill rule just after the completion it
            // was given, as the gateway's next poll would (the engine tells the policy only of its deadline).
            Optional<Instant> judged = running.sizing().completeBy().map(c -> c.plusMillis(1));
            return Stream.of(leave, judged).flatMap(Optional::stream).filter(now::isBefore)
                    .min(Comparator.naturalOrder());
        }
        return Optional.empty();
    }

    /**
     * When a run launched ahead of its reservation's queue is next reported, so that it enters the queue: the plan
     * follower's step at or after the reservation opens, as for a submission waiting in {@code Reserved}.
     */
    static Instant entryLook(SubmissionState.Running running, Instant now) {
        return queueOpens(running.sizing().opensAt(), now);
    }

    /**
     * The follower's step that opens the queue of a reservation starting at {@code start}: never now, at the soonest.
     */
    private static Instant queueOpens(Optional<Instant> start, Instant now) {
        Instant opens = start.filter(now::isBefore).orElse(now);
        return nextStep(opens.equals(now) ? now.plus(FOLLOWER_STEP) : opens);
    }

    private static Instant nextStep(Instant at) {
        long seconds = at.getEpochSecond() + (at.getNano() > 0 ? 1 : 0);
        return Instant.ofEpochSecond(seconds);
    }

    /** Why a submission that did not finish ended, as the simulator's report shows it. */
    static String reason(SubmissionOutcome outcome) {
        if (outcome instanceof SubmissionOutcome.Rejected rejected) {
            return rejected.reason();
        }
        if (outcome instanceof SubmissionOutcome.Killed killed) {
            return killed.why();
        }
        return ((SubmissionOutcome.Failed) outcome).reason();
    }
}
