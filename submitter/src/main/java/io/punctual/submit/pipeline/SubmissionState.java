package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.time.Instant;
import java.util.Optional;

/**
 * Where one submission stands. A value: the CLI keeps it in memory, the gateway records it; {@link SubmissionMachine}
 * alone moves it on. Received → sized (→ queued → sized …) → launching → running → ended (met, missed, failed, killed or
 * rejected, with the lesson learnt); a reservation the plan opens later than the follower's next step passes through
 * reserved until its queue runs, and one that opens at that step is launched at once and entered once its queue runs.
 */
public sealed interface SubmissionState {

    Submission submission();

    default boolean isEnded() {
        return this instanceof Ended;
    }

    /** Recorded; nothing decided yet. */
    record Received(Submission submission) implements SubmissionState {
    }

    /**
     * Sized; capacity not yet held. {@code retryAt} is set when YARN refused what Punctual's planner said fits, and
     * the plan is asked again once its follower has had a step. {@code turn} is set while a job that waited in the
     * admission queue takes its turn.
     */
    record Sized(Submission submission, Sizing sizing, int attempts, Optional<Instant> retryAt,
                 Optional<Turn> turn) implements SubmissionState {

        public Sized(Submission submission, Sizing sizing, int attempts, Optional<Instant> retryAt) {
            this(submission, sizing, attempts, retryAt, Optional.empty());
        }
    }

    /**
     * A waiting job's turn: since when it has waited, and the completion RUSH's arbitration gave it, by which its
     * reservation must end (empty: its deadline).
     */
    record Turn(Instant since, Optional<Instant> completeBy) {
    }

    /**
     * Waiting in the admission queue ({@code punctual.admission.policy} justice or rush): the plan had no room for its
     * last sizing; it is sized and offered the plan again in each admission round, in the policy's order.
     *
     * @param since            when it first found no room
     * @param refusal          why its last turn found no room
     * @param earliestDeadline the earliest deadline that had room at its last turn
     */
    record Queued(Submission submission, Sizing sizing, Instant since, String refusal,
                  Optional<Instant> earliestDeadline) implements SubmissionState {
    }

    /** YARN holds the reservation; its queue is not yet running. */
    record Reserved(Submission submission, Sizing sizing, ReservationInfo reservation, Instant reservedAt)
            implements SubmissionState {
    }

    /**
     * spark-submit was started for {@code queue}; YARN has not yet named the application.
     *
     * @param holdEnds when the reservation's allocation ends, when there is one
     */
    record Launching(Submission submission, Sizing sizing, Optional<ReservationId> reservation, String queue,
                     Optional<Instant> holdEnds) implements SubmissionState {
    }

    /**
     * YARN has the application.
     *
     * @param holdEnds   when the reservation's allocation ends: shortly before, an application still running leaves it
     * @param replanning what re-planning has changed of the run since it was launched
     */
    record Running(Submission submission, Sizing sizing, Optional<ReservationId> reservation, AppId app, Watch watch,
                   Optional<Instant> holdEnds, Replanning replanning) implements SubmissionState {

        /** A run as launched, nothing re-planned yet. */
        public Running(Submission submission, Sizing sizing, Optional<ReservationId> reservation, AppId app,
                       Watch watch, Optional<Instant> holdEnds) {
            this(submission, sizing, reservation, app, watch, holdEnds, Replanning.launched(sizing));
        }

        Running watching(Watch next) {
            return new Running(submission, sizing, reservation, app, next, holdEnds, replanning);
        }

        Running replanned(Replanning next, Optional<Instant> holdEnd) {
            return new Running(submission, sizing, reservation, app, watch, holdEnd, next);
        }

        /** Whether the application, reported in {@code queue}, is outside the reservation it has (launched ahead). */
        public boolean outsideReservation(String queue) {
            return reservation.map(r -> !r.queueName().equals(queue)).orElse(false);
        }
    }

    /** Over, for good: what happened, with the reservation released and the outcome learnt from. */
    record Ended(Submission submission, SubmissionOutcome outcome) implements SubmissionState {
    }

    /**
     * What following the application has seen, so each report says only what changed.
     *
     * @param acceptedSince when it entered ACCEPTED, while it waits there
     * @param missedRounds  reports in a row in which YARN did not know it
     * @param leaveAsked    whether it was asked to leave its reservation's queue before the reservation ends
     */
    record Watch(Optional<AppState> lastState, Optional<Instant> acceptedSince, int missedRounds,
                 boolean deadlineTold, boolean leaveAsked) {

        public static Watch fresh() {
            return new Watch(Optional.empty(), Optional.empty(), 0, false, false);
        }
    }
}
