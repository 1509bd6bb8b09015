package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.SubmissionEvent;
import java.time.Instant;

/** One line of a batch's log for each pipeline event, as {@code GET /batches/{id}/log} shows them. */
final class BatchLog {

    private BatchLog() {
    }

    static String line(Instant at, SubmissionEvent event) {
        return at + " " + describe(event);
    }

    private static String describe(SubmissionEvent event) {
        if (event instanceof SubmissionEvent.Sized s) {
            return "sized: " + s.sizing().shapes().executors() + " x " + s.sizing().shapes().executor() + ", "
                    + s.sizing().basis() + ", holding " + s.sizing().hold().toSeconds() + " s";
        }
        if (event instanceof SubmissionEvent.Reserved r) {
            return "reserved " + r.reservation().id() + " from " + r.reservation().start().orElse(null) + " to "
                    + r.reservation().end().orElse(null);
        }
        if (event instanceof SubmissionEvent.QueueReady q) {
            return "reservation queue " + q.queue() + " ready after " + q.waited().toMillis() + " ms";
        }
        if (event instanceof SubmissionEvent.Submitted s) {
            return "submitted application " + s.app();
        }
        if (event instanceof SubmissionEvent.StateChanged c) {
            return c.app() + " is " + c.state() + " in queue " + c.queue();
        }
        if (event instanceof SubmissionEvent.Progress p) {
            return p.app() + " stages " + p.stagesDone() + "/" + p.stagesStarted() + ", tasks " + p.tasksDone() + "/"
                    + p.tasksStarted();
        }
        if (event instanceof SubmissionEvent.DeadlinePassed d) {
            return "the deadline " + d.deadline() + " passed while " + d.app() + " still runs";
        }
        if (event instanceof SubmissionEvent.Released r) {
            return "released reservation " + r.reservation();
        }
        if (event instanceof SubmissionEvent.Learned l) {
            return "learned: " + l.summary();
        }
        return ((SubmissionEvent.Note) event).text();
    }
}
