package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.InvalidRequest;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The queue a Livy request names, checked against the caller's own: a deadline batch reserves in the site's plan
 * queue, a best-effort batch runs in its team's queue or the site's best-effort queue. Naming one kind for the other
 * is a 400 (a best-effort queue cannot hold a reservation); naming any other team's queue is a 403.
 */
final class RequestedQueue {

    private RequestedQueue() {
    }

    /** The plan queue the batch is recorded with: the site's, whatever a best-effort batch named. */
    static String planQueue(Optional<String> named, TeamConfig team, SiteConfig.Cluster cluster, boolean bestEffort) {
        String plan = cluster.planQueue();
        Set<String> own = new HashSet<>(List.of(team.queue().name(), team.name(), cluster.bestEffortQueue()));
        named.ifPresent(queue -> {
            if (!queue.equals(plan) && !own.contains(queue)) {
                throw new RequestRefused("queue '" + queue + "' is not one of team " + team.name() + "'s queues:"
                        + " name '" + plan + "' for a batch with a deadline, '" + team.queue().name() + "' or '"
                        + cluster.bestEffortQueue() + "' for one without, or leave queue out");
            }
            if (!bestEffort && !queue.equals(plan)) {
                throw new InvalidRequest("queue '" + queue + "' is a best-effort queue, but the batch has a deadline"
                        + " (spark.deadline.by) and must reserve in the plan queue '" + plan + "': leave queue out,"
                        + " or drop the deadline to run best-effort");
            }
            if (bestEffort && queue.equals(plan)) {
                throw new InvalidRequest("queue '" + plan + "' is the plan queue, which only runs reserved batches:"
                        + " add conf spark.deadline.by, or leave queue out to run best-effort in '"
                        + team.queue().name() + "'");
            }
        });
        return plan;
    }
}
