package io.punctual.submit.pipeline;

import io.punctual.yarn.ReservationSpec;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The reservations to ask for and what Punctual's planner predicts of them ({@link SubmissionPipeline#plan}).
 *
 * @param refusal why nothing can be asked for, when {@code specs} is empty
 */
public record ReservationPlan(List<ReservationSpec> specs, Prediction prediction,
                              Optional<Instant> earliestDeadline, Optional<String> refusal) {
    public ReservationPlan {
        specs = List.copyOf(specs);
    }
}
