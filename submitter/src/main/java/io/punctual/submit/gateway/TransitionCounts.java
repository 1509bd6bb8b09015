package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.Replanning;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionState;
import io.punctual.submit.request.DeadlineKeys;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/** What each step of a batch's submission adds to the gateway's metrics: admissions, re-plans, outcomes. */
final class TransitionCounts {

    private final GatewayMetrics metrics;

    TransitionCounts(GatewayMetrics metrics) {
        this.metrics = metrics;
    }

    /** The step from {@code before} (null when the batch was not followed yet) to {@code next} of the batch. */
    void count(Optional<BatchRecord> batch, SubmissionState before, SubmissionState next) {
        String team = batch.map(BatchRecord::team).orElse("unknown");
        if (next instanceof SubmissionState.Reserved && !(before instanceof SubmissionState.Reserved)) {
            metrics.admitted(team);
        }
        if (before instanceof SubmissionState.Running was && next instanceof SubmissionState.Running is) {
            replans(team, was.replanning(), is.replanning());
        }
        if (next instanceof SubmissionState.Ended ended) {
            SubmissionOutcome outcome = ended.outcome();
            batch.filter(b -> !b.bestEffort()).ifPresent(b -> outcomeFigures(b, outcome));
            if (outcome instanceof SubmissionOutcome.Rejected) {
                metrics.rejected(team);
            } else if (outcome instanceof SubmissionOutcome.Failed) {
                metrics.failed(team);
            } else if (outcome instanceof SubmissionOutcome.Finished f
                    && !batch.map(BatchRecord::bestEffort).orElse(true)) {
                metrics.finished(team, f.submission().jobKey().toString(), f.metDeadline(),
                        asked(f.submission().args().conf().get(DeadlineKeys.CONFIDENCE)));
            }
        }
    }

    private void replans(String team, Replanning was, Replanning is) {
        is.changes().subList(was.changes().size(), is.changes().size())
                .forEach(c -> metrics.replanned(team, c.from(), c.to()));
        if (was.predictedLateSeconds().isEmpty() && is.predictedLateSeconds().isPresent()) {
            metrics.predictedMiss(team);
        }
    }

    /**
     * A deadline batch's part in its team's outcome figures: admitted once it held a reservation; its executors'
     * vcores held from the reservation's start (or its submission) to its finish, at each count re-planning gave it.
     */
    private void outcomeFigures(BatchRecord batch, SubmissionOutcome outcome) {
        boolean admitted = outcome instanceof SubmissionOutcome.Finished || batch.reservationId() != null;
        boolean met = outcome instanceof SubmissionOutcome.Finished f && f.metDeadline();
        double held = 0;
        if (outcome instanceof SubmissionOutcome.Finished f && batch.executors() != null) {
            long from = Math.max(batch.submittedAtMs(), Objects.requireNonNullElse(batch.reservationStartMs(), 0L));
            held = executorMillis(batch, from, f.finishedAt().toEpochMilli())
                    * Objects.requireNonNullElse(batch.executorVcores(), 1L) / 1000.0;
        }
        metrics.deadlineEnded(batch.team(), admitted, met, held);
    }

    /** Executor-milliseconds from {@code from} to {@code to}: the sized count, then each re-planned one in turn. */
    static double executorMillis(BatchRecord batch, long from, long to) {
        if (to <= from) {
            return 0;
        }
        double total = 0;
        long since = from;
        int executors = batch.executors();
        if (batch.replanning() != null) {
            for (ReplanningRecord.Change change : batch.replanning().changes()) {
                long at = Math.min(Math.max(change.atMs(), since), to);
                total += (double) executors * (at - since);
                since = at;
                executors = change.to();
            }
        }
        return total + (double) executors * Math.max(0, to - since);
    }

    private static OptionalDouble asked(String confidence) {
        try {
            return confidence == null ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(confidence));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
