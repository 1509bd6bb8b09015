package io.punctual.sizing.sizer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A sizer's answer. */
public sealed interface SizingDecision {

    /** Every term that went into the decision, in the order they were used. */
    List<SizingTerm> terms();

    /**
     * @param method     which algorithm decided ({@code RUSH}, {@code Justice}, {@code user})
     * @param hold       how long the reservation must hold the executors
     * @param p50Finish  predicted median finish, when history can predict one
     * @param thetaFinish predicted finish at the asked confidence, when history can predict one
     */
    record Sized(int executors, String method, Bound decidedBy, Duration hold, Optional<Instant> p50Finish,
                 Optional<Instant> thetaFinish, List<SizingTerm> terms) implements SizingDecision {
        public Sized {
            terms = List.copyOf(terms);
            if (executors < 1) {
                throw new IllegalArgumentException("a sized job has at least one executor, got " + executors);
            }
        }
    }

    /**
     * The deadline cannot be met.
     *
     * @param earliestDeadline the earliest deadline that would be met, when it can be told
     */
    record Unmeetable(String reason, Bound decidedBy, Optional<Instant> earliestDeadline, List<SizingTerm> terms)
            implements SizingDecision {
        public Unmeetable {
            terms = List.copyOf(terms);
        }
    }

    /** This sizer cannot judge the job (e.g. too little history); another one should. */
    record NotApplicable(String reason, List<SizingTerm> terms) implements SizingDecision {
        public NotApplicable {
            terms = List.copyOf(terms);
        }
    }
}
