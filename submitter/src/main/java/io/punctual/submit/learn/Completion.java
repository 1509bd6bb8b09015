package io.punctual.submit.learn;

import io.punctual.sizing.JobKey;
import io.punctual.yarn.AppState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * One application Punctual launched, now over: what the learning loop needs from it.
 *
 * @param capacityCpus CPUs the job could have drawn from when it was sized (its executor limit x cores)
 * @param reserved     whether it ran inside a reservation: only then does submission-to-start measure the launch
 *                     itself, not also a wait for room in a shared queue
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
        boolean reserved) {

    public boolean metDeadline() {
        return state == AppState.SUCCEEDED && !finishedAt.isAfter(deadline);
    }
}
