package io.punctual.sizing.rush;

/** The outcome of asking for a job's worst-case demand from its history: η, or why history cannot give one. */
public sealed interface RobustDemand {

    /** History supported a reference distribution; {@code demand} is its worst-case estimate. */
    record Bounded(WorstCaseDemand demand) implements RobustDemand {
    }

    /** History could not support a reference distribution (see {@link DemandEstimate.Problem}). */
    record Unestimable(DemandEstimate.Problem problem, String detail) implements RobustDemand {
    }
}
