package io.punctual.bench.rush;

import io.punctual.sizing.rush.DemandDistribution;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.rush.Robustness;
import io.punctual.sizing.rush.WorstCaseDemand;
import io.punctual.sizing.rush.WorstCaseDemandSearch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * WCDE for one job with a 1,000-bin reference: the bisection alone (Algorithms 1–2 on a prepared φ), and end to end
 * from (mean, sd) as {@code punctual sizing wcde --gaussian} runs it (quantizing N(mean, sd²) included).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WorstCaseDemandBenchmark {

    private static final int BINS = 1000;
    private final Robustness robustness = Robustness.of(0.95, 0.1);
    private DemandDistribution reference;

    @Setup
    public void setUp() {
        reference = GaussianEstimator.quantize(3_600, 600, BINS);
    }

    @Benchmark
    public WorstCaseDemand searchPreparedReference() {
        return WorstCaseDemandSearch.search(reference, robustness);
    }

    @Benchmark
    public WorstCaseDemand gaussianEndToEnd() {
        return WorstCaseDemandSearch.gaussian(3_600, 600, 0.95, 0.1, BINS);
    }
}
