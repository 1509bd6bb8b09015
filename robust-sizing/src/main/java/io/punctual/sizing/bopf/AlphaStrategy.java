package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.Arrays;
import java.util.List;

/**
 * BoPF's α-strategy (paper §3.5, "Handling Uncertainties"): when an LQ's bursts vary, ask for α such that a burst
 * fits with probability p, per resource: α_r = F_r⁻¹(p), the p-quantile of the observed burst demands on resource r.
 * Quantiles are empirical and never interpolated: the smallest observed value v with at least a fraction p of the
 * samples ≤ v, so α is always a demand that was really seen.
 */
public final class AlphaStrategy {

    private AlphaStrategy() {
    }

    /** Per resource, the p-quantile of {@code observedBursts}; p in (0, 1]. */
    public static Resources quantile(List<Resources> observedBursts, double p) {
        if (observedBursts == null || observedBursts.isEmpty()) {
            throw new IllegalArgumentException("no observed bursts: the alpha-strategy needs at least one past burst "
                    + "demand; declare alpha directly until history exists");
        }
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("quantile p must be in (0, 1], got " + p);
        }
        long[] vcores = new long[observedBursts.size()];
        long[] memory = new long[observedBursts.size()];
        for (int i = 0; i < vcores.length; i++) {
            vcores[i] = observedBursts.get(i).vcores();
            memory[i] = observedBursts.get(i).memoryMb();
        }
        return Resources.of(empiricalQuantile(vcores, p), empiricalQuantile(memory, p));
    }

    /**
     * α for a joint confidence P that a burst fits in every resource at once, when the resources' demands are
     * independent: Π_r F_r(α_r) ≥ P holds with each F_r(α_r) ≥ P^(1/2) (paper §3.5). Positively correlated
     * demands make this over-provision, negatively correlated ones under-provision (ibid.).
     */
    public static Resources forJointConfidence(List<Resources> observedBursts, double confidence) {
        if (!(confidence > 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1], got " + confidence);
        }
        return quantile(observedBursts, Math.sqrt(confidence));
    }

    private static long empiricalQuantile(long[] samples, double p) {
        Arrays.sort(samples);
        // rank k = ceil(p·n), guarded against p·n landing a hair above an integer in floating point
        int rank = (int) Math.ceil(p * samples.length - 1e-9);
        return samples[Math.max(1, Math.min(samples.length, rank)) - 1];
    }
}
