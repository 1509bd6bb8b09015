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
        Optional<Path> eventLog) {

    public boolean metDeadline() {
        return state == AppState.SUCCEEDED && !finishedAt.isAfter(deadline);
    }
}
