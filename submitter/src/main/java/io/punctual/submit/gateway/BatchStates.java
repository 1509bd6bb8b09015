package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.Replanning;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionState;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A batch record is the durable form of its submission's {@link SubmissionState}: this maps one onto the other. A
 * state read back after a restart loses only what following the application had seen (its watch), which the next
 * reports rebuild.
 */
final class BatchStates {

    /** The verdict of a batch waiting in the admission queue. */
    static final String QUEUED = "queued";

    private BatchStates() {
    }

    /** Where the batch's submission stands, as its record says. */
    static SubmissionState of(BatchRecord batch, Path workingDir) {
        Submission submission = BatchRuns.submission(batch, workingDir);
        if (batch.isFinal()) {
            return new SubmissionState.Ended(submission, new SubmissionOutcome.Failed(submission,
                    batch.reason() == null ? batch.state().livyName() : batch.reason()));
        }
        Optional<Sizing> sizing = BatchRuns.sizing(batch);
        if (sizing.isEmpty()) {
            return new SubmissionState.Received(submission);
        }
        Optional<ReservationId> reservation = Optional.ofNullable(batch.reservationId()).map(ReservationId::new);
        Optional<Instant> holdEnds = reservation.flatMap(r -> Optional.ofNullable(batch.reservationEndMs()))
                .map(Instant::ofEpochMilli);
        if (batch.appId() != null) {
            return new SubmissionState.Running(submission, sizing.get(), reservation, new AppId(batch.appId()),
                    SubmissionState.Watch.fresh(), holdEnds, batch.replanning() == null
                    ? Replanning.launched(sizing.get()) : batch.replanning().replanning());
        }
        if (batch.yarnQueue() != null) {
            return new SubmissionState.Launching(submission, sizing.get(), reservation, batch.yarnQueue(), holdEnds);
        }
        if (reservation.isPresent()) {
            return new SubmissionState.Reserved(submission, sizing.get(), held(batch, submission, sizing.get()),
                    Instant.ofEpochMilli(batch.updatedAtMs()));
        }
        if (queued(batch)) {
            return new SubmissionState.Queued(submission, sizing.get(), Instant.ofEpochMilli(batch.updatedAtMs()),
                    batch.reason() == null ? "no room in the plan" : batch.reason(), Optional.empty());
        }
        return new SubmissionState.Sized(submission, sizing.get(), 0, Optional.empty());
    }

    /** Whether the batch waits in the admission queue: sized, not yet holding a reservation. */
    static boolean queued(BatchRecord batch) {
        return QUEUED.equals(batch.verdict()) && !batch.isFinal() && batch.reservationId() == null;
    }

    private static ReservationInfo held(BatchRecord batch, Submission submission, Sizing sizing) {
        Instant start = Optional.ofNullable(batch.reservationStartMs()).map(Instant::ofEpochMilli)
                .orElse(submission.submittedAt());
        Instant end = Optional.ofNullable(batch.reservationEndMs()).map(Instant::ofEpochMilli)
                .orElse(submission.deadline());
        return new ReservationInfo(new ReservationId(batch.reservationId()), "punctual " + submission.id(), "",
                submission.submittedAt(), submission.deadline(),
                List.of(new AllocationStep(start, end, sizing.shapes().total())));
    }

    /** The record with the state written into it. */
    static BatchRecord.Builder write(BatchRecord before, SubmissionState state, long nowMs) {
        BatchRecord.Builder b = before.toBuilder();
        if (state instanceof SubmissionState.Sized sized) {
            return BatchRuns.withSizing(b, sized.sizing()).state(BatchState.STARTING);
        }
        if (state instanceof SubmissionState.Queued queued) {
            return BatchRuns.withSizing(b, queued.sizing()).state(BatchState.STARTING).verdict(QUEUED)
                    .reason(CallerText.of(queued.refusal()))
                    .earliestDeadline(queued.earliestDeadline().map(Instant::toEpochMilli).orElse(null));
        }
        if (state instanceof SubmissionState.Reserved reserved) {
            ReservationInfo held = reserved.reservation();
            return admitted(before, b, held.id().value(), held.start(), held.end());
        }
        if (state instanceof SubmissionState.Launching launching) {
            BatchRecord.Builder sized = before.executors() == null ? BatchRuns.withSizing(b, launching.sizing()) : b;
            // Launched ahead of its reservation's queue: the reservation is recorded here, or recovery would find it
            // held by no batch and release it under the run.
            BatchRecord.Builder held = launching.reservation().isPresent() && before.reservationId() == null
                    ? admitted(before, sized, launching.reservation().get().value(), launching.sizing().opensAt(),
                    launching.holdEnds()) : sized;
            return held.state(BatchState.STARTING).app(null, launching.queue());
        }
        if (state instanceof SubmissionState.Running running) {
            ReplanningRecord replanning = ReplanningRecord.of(running.replanning());
            BatchRecord.Builder replanned = replanning != null && replanning.changed() ? b.reservation(
                    before.reservationId(), before.reservationStartMs(), running.holdEnds().map(Instant::toEpochMilli)
                            .orElse(before.reservationEndMs())) : b;
            return replanned.state(BatchState.RUNNING).app(running.app().value(), before.yarnQueue())
                    .replanning(replanning);
        }
        if (state instanceof SubmissionState.Ended ended) {
            return ended(b, before, ended.outcome(), nowMs);
        }
        return b;
    }

    private static BatchRecord.Builder admitted(BatchRecord before, BatchRecord.Builder b, String reservation,
                                                Optional<Instant> start, Optional<Instant> end) {
        // A batch admitted from the admission queue no longer waits: its place in the queue is history (its log).
        BatchRecord.Builder admitted = QUEUED.equals(before.verdict()) ? b.reason(null) : b;
        return admitted.state(BatchState.STARTING).verdict("admitted").reservation(reservation,
                start.map(Instant::toEpochMilli).orElse(null), end.map(Instant::toEpochMilli).orElse(null));
    }

    private static BatchRecord.Builder ended(BatchRecord.Builder b, BatchRecord before, SubmissionOutcome outcome,
                                             long nowMs) {
        if (outcome instanceof SubmissionOutcome.Finished f) {
            BatchState state = f.state() == AppState.SUCCEEDED ? BatchState.SUCCESS
                    : f.state() == AppState.KILLED ? BatchState.KILLED : BatchState.DEAD;
            return b.state(state).app(f.app().value(), f.queue().isBlank() ? before.yarnQueue() : f.queue())
                    .finished(f.finishedAt().toEpochMilli(), before.bestEffort() ? null : f.metDeadline())
                    .reason(f.state() == AppState.SUCCEEDED ? before.reason()
                            : CallerText.of(f.state() + ": " + f.diagnostics()));
        }
        if (outcome instanceof SubmissionOutcome.Rejected r) {
            return b.state(BatchState.DEAD).verdict("rejected").reason(r.reason())
                    .earliestDeadline(r.earliestDeadline().map(Instant::toEpochMilli).orElse(null));
        }
        if (outcome instanceof SubmissionOutcome.Killed k) {
            return b.state(BatchState.KILLED).reason(k.why()).finished(nowMs, before.bestEffort() ? null : false);
        }
        // A failed batch ended too, and when: a client polling for finishedAt must not wait for ever.
        return b.state(BatchState.DEAD).reason(CallerText.of(((SubmissionOutcome.Failed) outcome).reason()))
                .finished(nowMs, before.bestEffort() ? null : false);
    }
}
