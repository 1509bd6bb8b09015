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
 * @param fitExecutorScaling whether to learn how task and driver time change with the executor count
 *                           ({@link ExecutorScaling}); on by default, off to replay recorded times unchanged
 */
public record ModelSettings(Duration launchOverhead, OptionalInt coresPerExecutor, OptionalLong expectedInputBytes,
                            boolean fitExecutorScaling) {

    public static final ModelSettings DEFAULT = new ModelSettings(Duration.ZERO, OptionalInt.empty(), OptionalLong.empty());

    /** Settings that fit the executor scaling. */
    public ModelSettings(Duration launchOverhead, OptionalInt coresPerExecutor, OptionalLong expectedInputBytes) {
        this(launchOverhead, coresPerExecutor, expectedInputBytes, true);
    }

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
        return new ModelSettings(overhead, coresPerExecutor, expectedInputBytes, fitExecutorScaling);
    }

    public ModelSettings withCoresPerExecutor(int cores) {
        return new ModelSettings(launchOverhead, OptionalInt.of(cores), expectedInputBytes, fitExecutorScaling);
    }

    public ModelSettings withExpectedInputBytes(long bytes) {
        return new ModelSettings(launchOverhead, coresPerExecutor, OptionalLong.of(bytes), fitExecutorScaling);
    }

    /** These settings with recorded task and driver times replayed unchanged at every executor count. */
    public ModelSettings withoutExecutorScaling() {
        return new ModelSettings(launchOverhead, coresPerExecutor, expectedInputBytes, false);
    }
}
