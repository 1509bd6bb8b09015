package io.punctual.submit.learn;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.yarn.AppState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One application Punctual launched, now over: what the learning loop needs from it.
 *
 * @param deadline     when it had to finish; empty for work without a deadline, which teaches the job's history
 *                     only: a stand-in horizon would teach Justice a fraction no deadline asked for, and Justice's
 *                     minimum fraction is a minimum over every job it ever tracked
 * @param capacityCpus CPUs the job could have drawn from when it was sized (its executor limit x cores)
 * @param reserved     whether it ran inside a reservation: only then does its start measure the launch itself, not
 *                     also a wait for room in a shared queue
 * @param opensAt      when its reservation's allocation opened, which its launch overhead is measured from (so a
 *                     wait in an admission queue, for room in the plan or for a later start is not learned as
 *                     launching); empty when not known
 */
public record Completion(
        JobKey jobKey,
        Instant submittedAt,
        Optional<Instant> deadline,
        AppState state,
        Instant finishedAt,
        int executors,
        int coresPerExecutor,
        int capacityCpus,
        Optional<Path> eventLog,
        boolean reserved,
        Optional<Instant> opensAt) {

    /** The time from its reservation's opening to the application's start at {@code startedAt}, when that measures a launch. */
    public Optional<Duration> launchOverhead(Instant startedAt) {
        return reserved ? opensAt.map(at -> Duration.between(at, startedAt)) : Optional.empty();
    }

    /** Whether it succeeded by its deadline; false for work without one, which had no deadline to meet. */
    public boolean metDeadline() {
        return state == AppState.SUCCEEDED && deadline.map(d -> !finishedAt.isAfter(d)).orElse(false);
    }

    /**
     * Justice's TRACK_JOB input for this run (Justice, Algorithm 2), the one place both learning loops build it: only a
     * deadline job that succeeded teaches Justice (a killed or failed job's computation is unknown; work without a
     * deadline has none to learn a fraction against).
     *
     * @param cpuSeconds  the computation the run did, in CPU-seconds
     * @param widestStage tasks of its widest stage
     * @param cpus        CPUs it held
     */
    public Optional<CompletedJob> justiceInput(double cpuSeconds, int widestStage, int cpus) {
        if (state != AppState.SUCCEEDED || widestStage < 1) {
            return Optional.empty();
        }
        return deadline.map(d -> new CompletedJob(cpuSeconds, widestStage, Duration.between(submittedAt, d), cpus,
                metDeadline(), Math.max(1, capacityCpus)));
    }
}
