package io.punctual.submit.bench;

import java.time.Duration;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A job as its successful history runs measured it, alone on the cluster at known executor counts: its isolated
 * runtime (what deadlines are multiples of) and, per executor count, its runtime and cost, from which the oracle
 * takes the cheapest count that would have met a deadline. Several runs at one count are summarised by their median.
 * When the bench also ran the job under the week's load ({@link OracleRuns}), the oracle comes from those runs.
 */
public final class JobProfile {

    /**
     * One executor count's measurements: medians over its runs, how many runs, and their spread.
     *
     * @param spreadSeconds the slowest run's runtime less the fastest's (0 for one run)
     */
    public record AtCount(int executors, double runSeconds, double endToEndSeconds, double executorSeconds, int runs,
                          double spreadSeconds) {
    }

    private final Map<Integer, AtCount> byCount;
    private final double overheadSeconds;
    private final Optional<JobProfile> underLoad;

    private JobProfile(Map<Integer, AtCount> byCount, double overheadSeconds, Optional<JobProfile> underLoad) {
        this.byCount = byCount;
        this.overheadSeconds = overheadSeconds;
        this.underLoad = underLoad;
    }

    public static JobProfile of(List<HistoryRun> history) {
        List<HistoryRun> good = history.stream().filter(HistoryRun::succeeded).toList();
        Map<Integer, List<HistoryRun>> grouped = good.stream().collect(Collectors.groupingBy(HistoryRun::executors));
        Map<Integer, AtCount> byCount = new TreeMap<>();
        grouped.forEach((count, runs) -> {
            List<Double> runSeconds = runs.stream().map(HistoryRun::runSeconds).toList();
            DoubleSummaryStatistics range = runSeconds.stream().mapToDouble(Double::doubleValue).summaryStatistics();
            byCount.put(count, new AtCount(count, median(runSeconds),
                    median(runs.stream().map(HistoryRun::endToEndSeconds).toList()),
                    median(runs.stream().map(HistoryRun::executorSeconds).toList()), runs.size(),
                    range.getMax() - range.getMin()));
        });
        double overhead = good.isEmpty() ? 0 : median(good.stream().map(HistoryRun::overheadSeconds).toList());
        return new JobProfile(byCount, overhead, Optional.empty());
    }

    /**
     * This job with the oracle taken from {@code loaded}, its runs under the week's background load (issue 26, item
     * 3), where idle runs flatter every count; the isolated runtime, which deadlines are multiples of, stays this
     * profile's. A table without a successful run leaves the oracle to the idle runs.
     */
    public JobProfile withOracleUnderLoad(JobProfile loaded) {
        return new JobProfile(byCount, overheadSeconds, Optional.of(loaded).filter(JobProfile::measured));
    }

    /** The runs under load the oracle is taken from, when the bench made them. */
    public Optional<JobProfile> underLoad() {
        return underLoad;
    }

    /** Whether any run succeeded: without one the job has no isolated runtime, so no deadline. */
    public boolean measured() {
        return !byCount.isEmpty();
    }

    /** By executor count, fewest first. */
    public Map<Integer, AtCount> byCount() {
        return java.util.Collections.unmodifiableMap(byCount);
    }

    /** Submission to application start, the median over the runs. */
    public double overheadSeconds() {
        return overheadSeconds;
    }

    /** The job alone on the cluster at its fastest measured count, submission to end. */
    public Optional<Duration> isolatedRuntime() {
        return byCount.values().stream().mapToDouble(AtCount::endToEndSeconds).min()
                .stream().mapToObj(s -> Duration.ofMillis(Math.round(s * 1000))).findFirst();
    }

    /**
     * The fewest executor-seconds that would have met a deadline {@code window} after arrival: among the measured
     * counts whose runtime fits in the window less the launch overhead, the cheapest one's measured cost. Cost is
     * measured the way each row's is (Σ executor lifetime × cores from the event log), so the two compare like for
     * like. Empty when no measured count would have met it.
     */
    public Optional<Double> oracleExecutorSeconds(Duration window) {
        if (underLoad.isPresent()) {
            return underLoad.get().oracleExecutorSeconds(window);
        }
        double budget = window.toMillis() / 1000.0 - overheadSeconds;
        return byCount.values().stream().filter(c -> c.runSeconds() <= budget)
                .map(AtCount::executorSeconds).min(Double::compare);
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
