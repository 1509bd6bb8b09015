/**
 * The history estimator measured. Reading event logs: our streaming parser beside Spark's own replay on the same log,
 * with JMH ({@link EventLogReplayBenchmark}) and alternating in one JVM ({@link ReplayComparison}), and peak heap on a
 * large log ({@link HeapProbe}), large valid logs being made by expanding a real one from Spark's test data
 * ({@link SyntheticEventLog}). Predicting runtimes (issue 3): each run's wall time predicted from the others, over
 * real Spark runs at several executor counts on the embedded YARN ({@link PredictionAccuracy}) or over runs already
 * stored ({@link OfflineAccuracy}), reported as median and p90 relative error.
 *
 * <p>The one package of the benchmarks compiled against Spark itself, which it needs only as the other side of a
 * comparison. Results are kept in {@code benchmarks/results/history.md}, {@code prediction-accuracy.md} and
 * {@code executor-scaling.md}.
 */
package io.punctual.bench.history;
