package io.punctual.sizing.rush;

/**
 * Turns demand samples from a job's history into a reference distribution φ (RUSH §IV, "Distribution Estimator").
 * Samples are container-seconds: per task or per run, as each implementation documents.
 */
public interface DemandEstimator {

    /**
     * @param samples observed demands; must not be null (bad values inside are reported as
     *                {@link DemandEstimate.Unusable}, not thrown)
     */
    DemandEstimate estimate(double[] samples);
}
