package io.punctual.submit.learn;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.HoldShares;
import io.punctual.yarn.AppState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One application Punctual launched, now over: what the learning loop needs from it.
 *
 * @param capacityCpus CPUs the job could have drawn from when it was sized (its executor limit x cores)
 * @param reserved     whether it ran inside a reservation: only then does submission-to-start measure the launch
 *                     itself, not also a wait for room in a shared queue
 * @param firstTime    whether Justice sized it without history, so its run teaches how much of its window such a
 *                     job needs ({@link HoldShares})
 */
public record Completion(
        JobKey jobKey,
        Instant submittedAt,
        Instant deadline,
        AppState state,
        Instant finishedAt,
        int executors,
        int coresPerExecutor,
        int capacityCpus,
        Optional<Path> eventLog,
        boolean reserved,
        boolean firstTime) {

    public boolean metDeadline() {
        return state == AppState.SUCCEEDED && !finishedAt.isAfter(deadline);
    }

    /**
     * The share of its window a first-time run needed: from submission to finish when it succeeded; the whole window
     * when it was killed (YARN at the end of its hold, or the large-violator rule), since it needed more than it had;
     * nothing when it failed or was not a first-time run.
     */
    public Optional<Double> holdShare() {
        if (!firstTime || !deadline.isAfter(submittedAt)) {
            return Optional.empty();
        }
        return switch (state) {
            case SUCCEEDED -> Optional.of(HoldShares.of(Duration.between(submittedAt, finishedAt),
                    Duration.between(submittedAt, deadline)));
            case KILLED -> Optional.of(1.0);
            default -> Optional.empty();
        };
    }
}
