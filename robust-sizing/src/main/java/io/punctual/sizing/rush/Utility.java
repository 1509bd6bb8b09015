package io.punctual.sizing.rush;

/**
 * How much a job's owner values its completion at time T (RUSH §II and §IV, "utility classes"). Every utility is
 * non-increasing in T: finishing later never helps.
 */
public sealed interface Utility permits LinearUtility, SigmoidUtility, ConstantUtility {

    /** U(T): the utility of completing at {@code completion}. */
    double at(double completion);

    /**
     * U⁻¹(L) as onion peeling needs it: the latest completion time whose utility is still at least {@code level},
     * i.e. sup{T : U(T) ≥ L}. +∞ when every completion time reaches the level (L at or below the utility's floor),
     * −∞ when none does.
     */
    double latestCompletionFor(double level);

    /** The utility approached as completion is delayed forever; no completion time yields less. */
    double floor();
}
