package io.punctual.submit.pipeline;

import java.time.Instant;
import java.util.function.Function;

/** One line of text for each submission event: what the CLI prints and what a gateway batch's log keeps. */
public final class EventText {

    private EventText() {
    }

    /** @param time how instants are written (a clock time on a terminal, ISO instants in a log) */
    public static String describe(SubmissionEvent event, Function<Instant, String> time) {
        if (event instanceof SubmissionEvent.Sized s) {
            return "sized: " + s.sizing().shapes().executors() + " x " + s.sizing().shapes().executor() + ", "
                    + s.sizing().basis() + ", holding " + s.sizing().hold().toSeconds() + " s";
        }
        if (event instanceof SubmissionEvent.Reserved r) {
            return "reserved " + r.reservation().id() + ": "
                    + r.reservation().allocation().stream().findFirst().map(a -> a.resources().toString())
                    .orElse("nothing") + " from " + r.reservation().start().map(time).orElse("?") + " to "
                    + r.reservation().end().map(time).orElse("?") + " (" + r.took().toMillis() + " ms)";
        }
        if (event instanceof SubmissionEvent.QueueReady q) {
            return "reservation queue " + q.queue() + " is ready (" + q.waited().toMillis() + " ms)";
        }
        if (event instanceof SubmissionEvent.Submitted s) {
            return "Submitted application " + s.app() + " (" + s.took().toSeconds() + " s)";
        }
        if (event instanceof SubmissionEvent.StateChanged c) {
            return "Application report for " + c.app() + " (state: " + c.state() + ", queue: " + c.queue() + ")";
        }
        if (event instanceof SubmissionEvent.Progress p) {
            return p.app() + " stages " + p.stagesDone() + "/" + p.stagesStarted() + " done, tasks " + p.tasksDone()
                    + "/" + p.tasksStarted() + " done";
        }
        if (event instanceof SubmissionEvent.DeadlinePassed d) {
            return "WARNING: the deadline " + time.apply(d.deadline()) + " has passed and " + d.app()
                    + " is still running";
        }
        if (event instanceof SubmissionEvent.Learned l) {
            return "learned: " + l.summary();
        }
        if (event instanceof SubmissionEvent.Replanned r) {
            return "re-planned " + r.app() + ": executors " + r.change().from() + " -> " + r.change().to()
                    + ", reservation until " + r.change().holdFrom().map(time).orElse("-") + " -> "
                    + time.apply(r.change().holdTo()) + " (" + r.change().why() + ")";
        }
        if (event instanceof SubmissionEvent.Released r) {
            return "released reservation " + r.reservation();
        }
        return ((SubmissionEvent.Note) event).text();
    }
}
