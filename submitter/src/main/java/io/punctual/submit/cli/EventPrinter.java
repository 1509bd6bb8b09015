package io.punctual.submit.cli;

import io.punctual.submit.request.Deadlines;
import io.punctual.submit.pipeline.EventText;
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
        return EventText.describe(event, time::format);
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
