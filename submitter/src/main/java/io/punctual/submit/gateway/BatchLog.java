package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.EventText;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionOutcome;
import java.time.Instant;
import java.util.Optional;

/** The lines of a batch's log, as {@code GET /batches/{id}/log} shows them: one per pipeline event, and its end. */
final class BatchLog {

    private BatchLog() {
    }

    static String line(Instant at, SubmissionEvent event) {
        return at + " " + EventText.describe(event, Instant::toString);
    }

    /**
     * The log's last word on a failure or a rejection: a Livy client (Airflow's LivyOperator) reads only the log, so
     * a rejection's reason and its earliest feasible deadline must be there, not only in {@code admission}.
     */
    static Optional<String> endLine(SubmissionOutcome outcome) {
        if (outcome instanceof SubmissionOutcome.Failed f) {
            return Optional.of(" failed: " + CallerText.of(f.reason()));
        }
        if (outcome instanceof SubmissionOutcome.Rejected r) {
            return Optional.of(" rejected at admission: " + r.reason() + r.earliestDeadline()
                    .map(at -> "; the earliest deadline that could be met was " + at).orElse("")
                    + "; nothing was launched");
        }
        return Optional.empty();
    }
}
