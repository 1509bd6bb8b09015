package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.time.Duration;
import java.time.Instant;

/** What happens to a submission, as it happens; the CLI prints these, the gateway records them. */
public sealed interface SubmissionEvent {

    record Sized(Submission submission, Sizing sizing) implements SubmissionEvent {
    }

    record Reserved(ReservationInfo reservation, Duration took) implements SubmissionEvent {
    }

    record QueueReady(ReservationId reservation, String queue, Duration waited) implements SubmissionEvent {
    }

    record Submitted(AppId app, Duration took) implements SubmissionEvent {
    }

    record StateChanged(AppId app, AppState state, String queue, String yarnState) implements SubmissionEvent {
    }

    record Progress(AppId app, int stagesDone, int stagesStarted, long tasksDone, long tasksStarted)
            implements SubmissionEvent {
    }

    record DeadlinePassed(AppId app, Instant deadline) implements SubmissionEvent {
    }

    /** A running job's executors and reservation were re-planned from its progress (issue 25). */
    record Replanned(AppId app, Replanning.Change change) implements SubmissionEvent {
    }

    record Released(ReservationId reservation) implements SubmissionEvent {
    }

    /** What the finished application taught: its run was stored, the launch overhead, Justice's update. */
    record Learned(String summary) implements SubmissionEvent {
    }

    /** Something worth telling the user that is not a step: a fallback taken, a cleanup that failed. */
    record Note(String text) implements SubmissionEvent {
    }
}
