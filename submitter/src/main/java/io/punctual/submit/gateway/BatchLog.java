package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.EventText;
import io.punctual.submit.pipeline.SubmissionEvent;
import java.time.Instant;

/** One line of a batch's log for each pipeline event, as {@code GET /batches/{id}/log} shows them. */
final class BatchLog {

    private BatchLog() {
    }

    static String line(Instant at, SubmissionEvent event) {
        return at + " " + EventText.describe(event, Instant::toString);
    }
}
