package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A {@link BenchRow} with its ISO-8601 times read once; {@code finishedAt} and {@code predictedFinish} are empty
 * where the row has none.
 */
public record TimedRow(BenchRow row, Instant arrival, Instant deadline, Optional<Instant> finishedAt,
                       Optional<Instant> predictedFinish) {

    /** Ran to success: finished, with no reason given for a failure. */
    public boolean succeeded() {
        return row.admitted() && row.reason() == null && finishedAt.isPresent();
    }

    /** Met its deadline; only an admitted job can. */
    public boolean met() {
        return row.admitted() && row.metDeadline();
    }

    /** Admitted but failed or was killed: it names a reason. */
    public boolean failed() {
        return row.admitted() && row.reason() != null;
    }

    /** finishedAt − deadline in seconds (negative: early), for a job that ran to success. */
    public OptionalDouble latenessSeconds() {
        return succeeded() ? OptionalDouble.of(seconds(deadline, finishedAt.get())) : OptionalDouble.empty();
    }

    /**
     * predictedFinish − finishedAt in seconds (positive: predicted too late), for a job with a prediction that ran to
     * success (a failure's end says nothing about the prediction of a finish).
     */
    public OptionalDouble predictionErrorSeconds() {
        if (predictedFinish.isEmpty() || !succeeded()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(seconds(finishedAt.get(), predictedFinish.get()));
    }

    static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }
}
