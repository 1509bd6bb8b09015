package io.punctual.sizing.rush;

/**
 * The worst-case demand estimate η of RUSH §III-A for one job.
 *
 * @param eta               η: the largest θ-quantile of any distribution within KL radius δ of the reference
 *                          (container-seconds); allocate at least this to meet the demand with probability θ even if
 *                          the reference is off by up to δ
 * @param referenceQuantile the θ-quantile of the reference distribution itself (what δ = 0 would give)
 * @param etaBin            the reference bin η sits in
 * @param referenceBin      the reference bin of {@code referenceQuantile}
 * @param divergence        KL divergence (nats) that moving the quantile to η costs: the REM optimum of Algorithm 1
 *                          at {@code etaBin}; never more than δ
 * @param atTopBin          η is the largest value the reference can represent, so a larger δ could not raise it:
 *                          widen the quantization range (or distrust the result) if this matters
 * @param robustness        the θ and δ asked for
 */
public record WorstCaseDemand(double eta, double referenceQuantile, int etaBin, int referenceBin,
                              double divergence, boolean atTopBin, Robustness robustness) {

    /** How much robustness costs: η − referenceQuantile, in container-seconds. */
    public double robustnessMargin() {
        return eta - referenceQuantile;
    }
}
