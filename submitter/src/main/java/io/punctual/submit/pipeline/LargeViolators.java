package io.punctual.submit.pipeline;

import java.time.Instant;
import java.util.Optional;

/**
 * Justice's rule for deadline violators (Justice §IV-C, "killing large violators"): an application that is past its
 * deadline is killed once it has started more tasks than the limit, because a large job that has already missed would
 * hold capacity the longest; a small one is left to finish so that its runtime is still learnt.
 *
 * @param aboveTasks the limit, {@code punctual.sizing.justice.kill-above-tasks}; {@link Integer#MAX_VALUE} never kills
 */
public record LargeViolators(int aboveTasks) {

    public LargeViolators {
        if (aboveTasks < 0) {
            throw new IllegalArgumentException("kill-above-tasks must be at least 0, got " + aboveTasks);
        }
    }

    /** Why the application must be killed now, or empty when it may go on. */
    public Optional<String> verdict(Instant now, Instant deadline, long tasksStarted) {
        if (!now.isAfter(deadline) || tasksStarted <= aboveTasks) {
            return Optional.empty();
        }
        return Optional.of("it passed its deadline " + deadline + " with " + tasksStarted + " tasks started, more than"
                + " the " + aboveTasks + " above which Justice kills a violator (punctual.sizing.justice"
                + ".kill-above-tasks) so that it stops holding capacity");
    }
}
