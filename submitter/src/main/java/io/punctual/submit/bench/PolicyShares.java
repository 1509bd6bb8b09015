package io.punctual.submit.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each policy's jobs run (issue 26, item 1): Punctual's reserve in the plan queue; static, dynamic and
 * Punctual's sizing without a reservation run best-effort in the team's queue. A comparison is fair only when both
 * queues give the same share of the cluster: otherwise it measures the queues, not the policies.
 *
 * @param team the team's own queue, where best-effort batches run
 * @param plan the reservable queue Punctual's reservations are planned in
 */
public record PolicyShares(QueueShare team, QueueShare plan) {

    /** The queue the policy's jobs are submitted to. */
    public QueueShare of(Policy policy) {
        return policy.kind() == Policy.Kind.PUNCTUAL ? plan : team;
    }

    /** Each policy's queue, by its label, in the order given: what {@code run.json} records as {@code queues}. */
    public Map<String, QueueShare> byPolicy(List<Policy> policies) {
        Map<String, QueueShare> queues = new LinkedHashMap<>();
        policies.forEach(p -> queues.put(p.label(), of(p)));
        return queues;
    }

    /** Why these policies would not run on the same share; empty when they would (or all run in one queue). */
    public Optional<String> unequal(List<Policy> policies) {
        boolean reserves = policies.stream().anyMatch(p -> of(p) == plan);
        boolean bestEffort = policies.stream().anyMatch(p -> of(p) == team);
        if (!reserves || !bestEffort || team.sameShareAs(plan)) {
            return Optional.empty();
        }
        return Optional.of("the policies would run on different shares of the cluster: punctual reserves in "
                + plan.describe() + ", the others run in " + team.describe() + ", so the comparison would measure"
                + " the queues, not the policies. Give the team's queue the plan queue's capacity and"
                + " maximum-capacity (the embedded bench's conf/bench does, and sizes its plan queue from the"
                + " team's), or run the two kinds of policy in separate runs");
    }
}
