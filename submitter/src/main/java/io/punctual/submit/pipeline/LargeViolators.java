package io.punctual.submit.pipeline;

import java.time.Instant;
import java.util.Optional;

/**
 * Justice's rule for deadline violators (Justice §2.2, Admission Control, which drops large violators): an
 * application that is past its deadline is killed once it has started more tasks than the limit, because a large
 * job that has already missed would hold capacity the longest; a small one is left to finish so that its runtime is
 * still learnt.
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
        return verdict(now, deadline, Optional.empty(), tasksStarted);
    }

    /**
     * As {@link #verdict(Instant, Instant, long)} for a job RUSH's arbitration let complete by {@code completeBy}
     * (RUSH §III-C): its lateness up to then was tolerated when it was admitted, so it is a violator only once it
     * passes that completion; killing it sooner would waste the work arbitration planned for.
     */
    public Optional<String> verdict(Instant now, Instant deadline, Optional<Instant> completeBy, long tasksStarted) {
        Optional<Instant> granted = completeBy.filter(c -> c.isAfter(deadline));
        Instant judgedBy = granted.orElse(deadline);
        if (!now.isAfter(judgedBy) || tasksStarted <= aboveTasks) {
            return Optional.empty();
        }
        String passed = granted.map(c -> "the completion " + c + " RUSH's arbitration gave it (deadline " + deadline
                + ")").orElse("its deadline " + deadline);
        return Optional.of("it passed " + passed + " with " + tasksStarted + " tasks started, more than"
                + " the " + aboveTasks + " above which Justice kills a violator (punctual.sizing.justice"
                + ".kill-above-tasks) so that it stops holding capacity");
    }
}
