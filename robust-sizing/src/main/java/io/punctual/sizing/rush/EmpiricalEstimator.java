package io.punctual.sizing.rush;

import java.util.Arrays;
import java.util.Optional;

/**
 * The empirical reference distribution: past whole-run demands, each with equal weight. Up to {@code maxBins}
 * distinct values are kept exactly (one bin per value); more are grouped into {@code maxBins} equal-width bins over
 * [min, max], each standing for its upper edge.
 *
 * <p>A KL ball only reweights the support of φ, so η from an empirical φ never exceeds the largest demand ever
 * observed. With few runs that is optimistic; prefer {@link GaussianEstimator} until history is rich. Samples are
 * per-run totals: unlike the Gaussian, an empirical distribution cannot be scaled to a number of remaining tasks.
 */
public final class EmpiricalEstimator implements DemandEstimator {

    private final int maxBins;

    public EmpiricalEstimator(int maxBins) {
        if (maxBins < 2) {
            throw new IllegalArgumentException("an empirical distribution needs at least 2 bins, got " + maxBins);
        }
        this.maxBins = maxBins;
    }

    @Override
    public DemandEstimate estimate(double[] samples) {
        Optional<DemandEstimate.Unusable> problem = SampleSummary.problemWith(samples, 2, "empirical");
        if (problem.isPresent()) {
            return problem.get();
        }
        SampleSummary summary = SampleSummary.of(samples);
        if (summary.min() == summary.max()) {
            return SampleSummary.zeroSpread(summary, "empirical");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int distinct = 1;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] != sorted[i - 1]) {
                distinct++;
            }
        }
        DemandDistribution distribution = distinct <= maxBins ? exact(sorted, distinct) : grouped(summary, sorted);
        return new DemandEstimate.Estimated(distribution);
    }

    private static DemandDistribution exact(double[] sorted, int distinct) {
        double[] values = new double[distinct];
        double[] counts = new double[distinct];
        int bin = -1;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                values[++bin] = sorted[i];
            }
            counts[bin]++;
        }
        return DemandDistribution.of(values, counts);
    }

    private DemandDistribution grouped(SampleSummary summary, double[] sorted) {
        double width = (summary.max() - summary.min()) / maxBins;
        double[] values = new double[maxBins];
        double[] counts = new double[maxBins];
        for (int l = 0; l < maxBins; l++) {
            values[l] = summary.min() + (l + 1) * width;
        }
        values[maxBins - 1] = summary.max();
        strictlyIncreasing(values);
        for (double s : sorted) {
            counts[binOf(s, summary.min(), width, values)]++;
        }
        return DemandDistribution.of(values, counts);
    }

    /** The bin whose upper edge is the first at or above {@code s}, so no sample sits above its bin's value. */
    private static int binOf(double s, double min, double width, double[] values) {
        int bin = Math.min(values.length - 1, Math.max(0, (int) Math.ceil((s - min) / width) - 1));
        while (bin < values.length - 1 && s > values[bin]) {
            bin++;
        }
        while (bin > 0 && s <= values[bin - 1]) {
            bin--;
        }
        return bin;
    }

    /** Guards against rounding making two adjacent upper edges equal when the range is tiny. */
    private static void strictlyIncreasing(double[] values) {
        for (int l = 1; l < values.length; l++) {
            if (!(values[l] > values[l - 1])) {
                values[l] = Math.nextUp(values[l - 1]);
            }
        }
    }
}
