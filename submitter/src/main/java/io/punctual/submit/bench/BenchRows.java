package io.punctual.submit.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Builds {@link BenchRow}s from what a job's run left: its batch as the gateway showed it at the end, and its cost
 * from the event log.
 */
public final class BenchRows {

    private BenchRows() {
    }

    /** Who the row is about: the job's arrival under one policy, with its deadline and oracle. */
    public record Job(String policy, String job, int week, Instant arrival, Instant deadline, double factor,
                      Optional<Double> oracleExecutorSeconds) {
    }

    /** A job the policy refused up front (only Punctual's refuse), or one the bench could not give a deadline. */
    public static BenchRow refused(Job j, String reason) {
        return new BenchRow(j.policy(), j.job(), null, j.arrival().toString(), j.deadline().toString(), false, reason,
                null, false, null, null, j.oracleExecutorSeconds().orElse(null), null, null, j.week(), j.factor(),
                null, null, null);
    }

    /**
     * A job that was admitted and ended, whatever its state: it met its deadline when it succeeded by then.
     *
     * @param cores each reserved container's vcores (the bench's executor cores; the master has as many or fewer)
     */
    public static BenchRow ended(Job j, BatchView batch, Optional<AppCost> cost, int cores) {
        Optional<Instant> finished = batch.finishedAt();
        boolean met = batch.succeeded() && finished.filter(f -> !f.isAfter(j.deadline())).isPresent();
        String reason = batch.succeeded() ? null : batch.failure();
        return new BenchRow(j.policy(), j.job(), batch.appId().orElse(null), j.arrival().toString(),
                j.deadline().toString(), true, reason, finished.map(Instant::toString).orElse(null), met,
                cost.map(AppCost::executors).orElse(null), cost.map(AppCost::executorSeconds).orElse(null),
                j.oracleExecutorSeconds().orElse(null), batch.predictedFinish().map(Instant::toString).orElse(null),
                cost.map(c -> c.eventLog().toString()).orElse(null), j.week(), j.factor(),
                batch.reservationId().orElse(null), reserved(batch, cores).orElse(null),
                Policy.of(j.policy()).asksPunctual() && batch.appId().isPresent() ? batch.replans() : null);
    }

    /** Vcores the batch's reservation held: its executors and master, from allocation start to release. */
    static Optional<Integer> vcores(BatchView batch, int cores) {
        return batch.reservationId().flatMap(r -> batch.executors()).map(n -> (n + 1) * cores);
    }

    /** When the reservation stopped holding: the job's end, or the allocation's end if that came first. */
    static Optional<Instant> releasedAt(BatchView batch) {
        return batch.reservationEnd().map(end -> batch.finishedAt().filter(f -> f.isBefore(end)).orElse(end));
    }

    private static Optional<Double> reserved(BatchView batch, int cores) {
        Optional<Instant> start = batch.reservationStart();
        Optional<Instant> released = releasedAt(batch);
        Optional<Integer> vcores = vcores(batch, cores);
        if (start.isEmpty() || released.isEmpty() || vcores.isEmpty()) {
            return Optional.empty();
        }
        double seconds = Math.max(0, Duration.between(start.get(), released.get()).toMillis() / 1000.0);
        return Optional.of(seconds * vcores.get());
    }
}
