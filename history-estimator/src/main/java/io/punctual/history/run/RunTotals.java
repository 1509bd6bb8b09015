package io.punctual.history.run;

/**
 * Sums over every task end of a run.
 *
 * @param tasks       every SparkListenerTaskEnd, whatever its reason
 * @param taskTimeMs  the sum of (Finish Time − Launch Time) over those task ends, as logged
 * @param inputBytes  Input Metrics / Bytes Read; the input-size signal the model uses for drift
 */
public record RunTotals(long tasks, long failedTasks, long taskTimeMs, long inputBytes, long shuffleReadBytes,
                        long shuffleWriteBytes) {

    public static final RunTotals NONE = new RunTotals(0, 0, 0, 0, 0, 0);
}
