package io.punctual.submit.cli;

import io.punctual.submit.pipeline.SubmissionEvent;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

/** Prints a submission's events as short lines, the way spark-submit reports an application. */
public final class EventPrinter implements Consumer<SubmissionEvent> {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final PrintStream out;
    private final Clock clock;
    private final DateTimeFormatter time;

    public EventPrinter(PrintStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
        this.time = TIME.withZone(ZoneId.systemDefault());
    }

    @Override
    public void accept(SubmissionEvent event) {
        out.println(prefix() + describe(event));
        out.flush();
    }

    private String describe(SubmissionEvent event) {
        if (event instanceof SubmissionEvent.Sized s) {
            return "deadline " + s.submission().deadline() + " (in "
                    + Deadlines.human(Duration.between(clock.instant(), s.submission().deadline())) + "), job "
                    + s.submission().jobKey() + "\n" + prefix() + "executors: " + s.sizing().shapes().executors()
                    + " x " + s.sizing().shapes().executor() + " plus ApplicationMaster " + s.sizing().shapes().master()
                    + " - " + s.sizing().basis() + predictions(s.sizing());
        }
        if (event instanceof SubmissionEvent.Reserved r) {
            return "reserved " + r.reservation().id() + ": "
                    + r.reservation().allocation().stream().findFirst().map(a -> a.resources().toString())
                    .orElse("nothing") + " from " + r.reservation().start().map(time::format).orElse("?") + " to "
                    + r.reservation().end().map(time::format).orElse("?") + " (" + r.took().toMillis() + " ms)";
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
            return "WARNING: the deadline " + d.deadline() + " has passed and " + d.app() + " is still running";
        }
        if (event instanceof SubmissionEvent.Learned l) {
            return "learned: " + l.summary();
        }
        if (event instanceof SubmissionEvent.Released r) {
            return "released reservation " + r.reservation();
        }
        return ((SubmissionEvent.Note) event).text();
    }

    private String predictions(io.punctual.submit.pipeline.Sizing sizing) {
        var d = sizing.decision();
        if (d.p50Finish().isEmpty()) {
            return "\n" + prefix() + "holding them for " + Deadlines.human(sizing.hold());
        }
        return "\n" + prefix() + "predicted finish " + time.format(d.p50Finish().get()) + " (median), "
                + d.thetaFinish().map(time::format).orElse("?") + " (at the asked confidence); holding them for "
                + Deadlines.human(sizing.hold());
    }

    private String prefix() {
        return time.format(clock.instant()) + " punctual: ";
    }
}
