package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.submit.launch.LaunchedApp;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Follows one application on YARN to its final state. YARN's report is the truth about the application; the event
 * log adds stage and task counts while it runs.
 */
final class Tracker {

    /** How long an application may wait in ACCEPTED on a zero-capacity queue before Punctual calls it stuck. */
    private static final Duration STUCK = Duration.ofSeconds(90);

    private final ClusterGateway gateway;
    private final SubmissionPipeline.Settings settings;
    private final Clock clock;
    private final Consumer<SubmissionEvent> events;
    private final LargeViolators violators;

    Tracker(ClusterGateway gateway, SubmissionPipeline.Settings settings, Clock clock,
            Consumer<SubmissionEvent> events, LargeViolators violators) {
        this.violators = violators;
        this.gateway = gateway;
        this.settings = settings;
        this.clock = clock;
        this.events = events;
    }

    SubmissionOutcome follow(Submission submission, Sizing sizing, ReservationId reservation, AppId id,
                             LaunchedApp submitter) {
        Round round = new Round(new EventLogProgress(settings.eventLogPath(), id));
        while (true) {
            Optional<AppReport> maybe = gateway.application(id);
            if (maybe.isEmpty()) {
                return new SubmissionOutcome.Failed(submission, "YARN no longer knows application " + id);
            }
            AppReport report = maybe.get();
            round.observe(report);
            if (report.state().isFinal()) {
                round.progress.poll();
                submitter.stopSubmitter();
                return finished(submission, sizing, reservation, report);
            }
            if (stuckOnZeroCapacity(report, round.acceptedSince)) {
                gateway.kill(id, "Punctual: queue " + report.queue() + " has no resources");
                return new SubmissionOutcome.Failed(submission, "application " + id + " waited " + STUCK.toSeconds()
                        + " s in ACCEPTED because queue " + report.queue() + " has zero effective resources (the Hadoop"
                        + " 3.3.x reservation-queue fault); it was killed. Run 'yarn rmadmin -updateNodeResource' or"
                        + " ask the cluster admin, then submit again");
            }
            Optional<String> violation = violators.verdict(clock.instant(), submission.deadline(),
                    round.progress.poll().tasksStarted());
            if (violation.isPresent()) {
                gateway.kill(id, "Punctual: " + violation.get());
                return new SubmissionOutcome.Failed(submission, "application " + id + " was killed: "
                        + violation.get());
            }
            if (!round.warnedDeadline && clock.instant().isAfter(submission.deadline())) {
                events.accept(new SubmissionEvent.DeadlinePassed(id, submission.deadline()));
                round.warnedDeadline = true;
            }
            sleep(settings.poll());
        }
    }

    /** What following one application has seen so far, so each poll reports only what changed. */
    private final class Round {
        private final EventLogProgress progress;
        private AppState lastState;
        private SubmissionEvent.Progress lastProgress;
        private Instant acceptedSince;
        private boolean warnedDeadline;

        Round(EventLogProgress progress) {
            this.progress = progress;
        }

        void observe(AppReport report) {
            if (report.state() != lastState) {
                events.accept(new SubmissionEvent.StateChanged(report.id(), report.state(), report.queue(),
                        report.yarnState()));
                lastState = report.state();
                acceptedSince = report.state() == AppState.ACCEPTED ? clock.instant() : null;
            }
            SubmissionEvent.Progress now = progress.poll();
            if (!now.equals(lastProgress) && report.state() == AppState.RUNNING && now.stagesStarted() > 0) {
                events.accept(now);
                lastProgress = now;
            }
        }
    }

    private boolean stuckOnZeroCapacity(AppReport report, Instant acceptedSince) {
        return acceptedSince != null && Duration.between(acceptedSince, clock.instant()).compareTo(STUCK) > 0
                && report.diagnostics().contains("<memory:0, vCores:0>");
    }

    private SubmissionOutcome finished(Submission submission, Sizing sizing, ReservationId reservation,
                                       AppReport report) {
        Optional<Path> log;
        try {
            log = EventLogProgress.find(settings.eventLogPath(), report.id());
        } catch (IOException e) {
            log = Optional.empty();
        }
        Instant finishedAt = report.finished().orElse(clock.instant());
        return new SubmissionOutcome.Finished(submission, report.id(), report.queue(), reservation, sizing,
                report.state(), finishedAt, log, Objects.requireNonNullElse(report.diagnostics(), ""));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while following the application", e);
        }
    }
}
