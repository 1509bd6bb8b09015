package io.punctual.submit.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A job as its successful history runs measured it, alone on the cluster at known executor counts: its isolated
 * runtime (what deadlines are multiples of) and, per executor count, its runtime and cost, from which the oracle
 * takes the cheapest count that would have met a deadline. Several runs at one count are summarised by their median.
 */
public final class JobProfile {

    /** One executor count's measurements (medians over its runs). */
    public record AtCount(int executors, double runSeconds, double endToEndSeconds, double executorSeconds) {
    }

    private final Map<Integer, AtCount> byCount;
    private final double overheadSeconds;

    private JobProfile(Map<Integer, AtCount> byCount, double overheadSeconds) {
        this.byCount = byCount;
        this.overheadSeconds = overheadSeconds;
    }

    public static JobProfile of(List<HistoryRun> history) {
        List<HistoryRun> good = history.stream().filter(HistoryRun::succeeded).toList();
        Map<Integer, List<HistoryRun>> grouped = good.stream().collect(Collectors.groupingBy(HistoryRun::executors));
        Map<Integer, AtCount> byCount = new TreeMap<>();
        grouped.forEach((count, runs) -> byCount.put(count, new AtCount(count,
                median(runs.stream().map(HistoryRun::runSeconds).toList()),
                median(runs.stream().map(HistoryRun::endToEndSeconds).toList()),
                median(runs.stream().map(HistoryRun::executorSeconds).toList()))));
        double overhead = good.isEmpty() ? 0 : median(good.stream().map(HistoryRun::overheadSeconds).toList());
        return new JobProfile(byCount, overhead);
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
