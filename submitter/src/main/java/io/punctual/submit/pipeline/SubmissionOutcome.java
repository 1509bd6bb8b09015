package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ReservationId;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/** How a submission ended. */
public sealed interface SubmissionOutcome {

    /** The application ran to a final state on YARN. */
    record Finished(
            Submission submission,
            AppId app,
            String queue,
            ReservationId reservation,
            Sizing sizing,
            AppState state,
            Instant finishedAt,
            Optional<Path> eventLog,
            String diagnostics) implements SubmissionOutcome {

        public boolean metDeadline() {
            return state == AppState.SUCCEEDED && !finishedAt.isAfter(submission.deadline());
        }
    }

    /**
     * Turned away before anything ran: the deadline cannot be met (the job cannot run fast enough, or the capacity
     * is not there in time).
     *
     * @param earliestDeadline the earliest deadline that would be met, when it can be told
     */
    record Rejected(Submission submission, String reason, Optional<Instant> earliestDeadline)
            implements SubmissionOutcome {
    }

    /** Stopped on request (a user's Ctrl-C, a DELETE) before YARN reported the application final. */
    record Killed(Submission submission, String why) implements SubmissionOutcome {
    }

    /** Something went wrong before the application reached YARN, or Punctual lost it. */
    record Failed(Submission submission, String reason) implements SubmissionOutcome {
    }
}
