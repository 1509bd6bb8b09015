package io.punctual.submit.cli;

import io.punctual.submit.request.Deadlines;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.yarn.AppState;
import java.time.Duration;

/** The last lines of a submission, and its exit status. */
final class Outcomes {

    private Outcomes() {
    }

    static int print(SubmissionOutcome outcome, CliContext context) {
        if (outcome instanceof SubmissionOutcome.Finished f) {
            Duration margin = Duration.between(f.finishedAt(), f.submission().deadline());
            String timing = margin.isNegative()
                    ? Deadlines.human(margin.negated()) + " after the deadline"
                    : Deadlines.human(margin) + " before the deadline";
            context.out().println("punctual: " + f.app() + " " + f.state() + " in queue " + f.queue() + ", "
                    + timing + (f.metDeadline() ? " (deadline met)" : " (deadline missed)"));
            f.sizing().decision().p50Finish().ifPresent(p50 -> context.out().println("punctual: predicted finish "
                    + p50 + " (median), " + f.sizing().decision().thetaFinish().map(Object::toString).orElse("?")
                    + " (at the asked confidence); actual " + f.finishedAt()));
            f.eventLog().ifPresent(log -> context.out().println("punctual: event log " + log));
            if (!f.diagnostics().isBlank() && f.state() != AppState.SUCCEEDED) {
                context.err().println("punctual: YARN diagnostics: " + f.diagnostics());
            }
            return f.state() == AppState.SUCCEEDED ? ExitStatus.OK : ExitStatus.FAILED;
        }
        if (outcome instanceof SubmissionOutcome.Rejected r) {
            context.err().println("punctual: rejected: " + r.reason()
                    + r.earliestDeadline().map(d -> "; the earliest deadline that would be met is " + d).orElse(""));
            return ExitStatus.REFUSED;
        }
        if (outcome instanceof SubmissionOutcome.Killed k) {
            context.err().println("punctual: killed: " + k.why());
            return ExitStatus.FAILED;
        }
        context.err().println("punctual: failed: " + ((SubmissionOutcome.Failed) outcome).reason());
        return ExitStatus.FAILED;
    }
}
