package io.punctual.sizing.rayon;

import io.punctual.sizing.rayon.rdl.SyntaxError;
import java.util.List;
import java.util.Optional;

/**
 * The result of {@code punctual plan}: either the report of every reservation line, or — when any line cannot be
 * read — the syntax errors and no plan at all (a typo must not silently become a rejection).
 */
public sealed interface PlanRun permits PlanRun.Planned, PlanRun.Malformed {

    /** Printed as {@code {"accepted":n,"rejected":n,"reservations":[...]}}. */
    record Planned(int accepted, int rejected, List<LineOutcome> reservations) implements PlanRun {
        public Planned {
            reservations = List.copyOf(reservations);
        }
    }

    /** Every line that could not be parsed, each with its line and column. */
    record Malformed(List<SyntaxError> errors) implements PlanRun {
        public Malformed {
            errors = List.copyOf(errors);
        }
    }

    /**
     * One reservation line: accepted or not, the reason when not (empty when accepted), and its total allocation as
     * a step function (empty when rejected).
     */
    record LineOutcome(int line, boolean accepted, Optional<String> reason, List<AllocationStep> allocation) {
        public LineOutcome {
            allocation = List.copyOf(allocation);
        }
    }

    /** {@code vcores} and {@code memoryMb} held during [start, end), seconds. */
    record AllocationStep(long start, long end, long vcores, long memoryMb) {
    }
}
