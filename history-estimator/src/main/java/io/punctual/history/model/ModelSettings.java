package io.punctual.history.model;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Choices a caller makes when training a model.
 *
 * @param launchOverhead     added to every predicted wall time: submission to application start (YARN scheduling,
 *                           AM and driver start-up), which no event log records. Zero by default; the submitter
 *                           learns it. A caller that already subtracts it from the deadline should leave it zero.
 * @param coresPerExecutor   the executor shape predictions assume; empty = the latest training run's
 * @param expectedInputBytes the next run's input size, if known; empty = the latest training run's
 */
public record ModelSettings(Duration launchOverhead, OptionalInt coresPerExecutor, OptionalLong expectedInputBytes) {

    public static final ModelSettings DEFAULT = new ModelSettings(Duration.ZERO, OptionalInt.empty(), OptionalLong.empty());

    public ModelSettings {
        Objects.requireNonNull(launchOverhead, "launchOverhead");
        if (launchOverhead.isNegative()) {
            throw new IllegalArgumentException("launch overhead cannot be negative, got " + launchOverhead);
        }
        if (coresPerExecutor.isPresent() && coresPerExecutor.getAsInt() < 1) {
            throw new IllegalArgumentException("cores per executor must be at least 1, got " + coresPerExecutor.getAsInt());
        }
        if (expectedInputBytes.isPresent() && expectedInputBytes.getAsLong() < 0) {
            throw new IllegalArgumentException("expected input cannot be negative, got " + expectedInputBytes.getAsLong());
        }
    }

    public ModelSettings withLaunchOverhead(Duration overhead) {
        return new ModelSettings(overhead, coresPerExecutor, expectedInputBytes);
    }

    public ModelSettings withCoresPerExecutor(int cores) {
        return new ModelSettings(launchOverhead, OptionalInt.of(cores), expectedInputBytes);
    }

    public ModelSettings withExpectedInputBytes(long bytes) {
        return new ModelSettings(launchOverhead, coresPerExecutor, OptionalLong.of(bytes));
    }
}
