package io.punctual.yarn.queues;

import java.util.List;
import java.util.Optional;

/**
 * Per-team queues that appear when a team first submits, are resized when its share changes, and go away when it
 * no longer needs one. Every operation leaves the scheduler's queue tree valid: it either applies whole or not at
 * all.
 *
 * <p>BoPF (bopf-bounded-priority-fairness.txt, Section 4.1) has the ResourceManager set up a queue when a user
 * registers a latency-sensitive queue; on an unmodified YARN 3.3 this is how Punctual does it. Soft and Elastic
 * queues get capacity here; Hard ones a reservation per repetition ({@link io.punctual.yarn.UnrolledRecurrence}).
 */
public interface TeamQueues {

    /** Creates the team's queue, or resizes it to {@code spec}; a no-op when it already matches. */
    TeamQueueOutcome ensure(TeamQueueSpec spec);

    /** Removes the team's queue and gives its capacity back, only when no application runs or waits in it. */
    TeamQueueOutcome remove(String team);

    Optional<TeamQueue> find(String team);

    List<TeamQueue> list();
}
