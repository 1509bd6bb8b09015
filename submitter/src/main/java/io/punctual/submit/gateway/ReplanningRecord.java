package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.Replanning;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What re-planning did to a running batch, in the form its record keeps (plain JSON, epoch milliseconds, absent values
 * {@code null}), so a restarted gateway carries the re-plans on and the batch's JSON lists them. Kept only once there
 * is something to say: a change, a predicted miss, or re-planning turned off.
 *
 * @param executors            the executors the run has now
 * @param changes              each re-plan carried out, oldest first
 * @param predictedLateSeconds by how much, at θ, it is predicted to miss even at the most executors it may have;
 *                             null while it is predicted to meet its deadline
 * @param off                  why re-planning stopped for it; null while it goes on
 */
public record ReplanningRecord(int executors, List<Change> changes, Double predictedLateSeconds, String off) {

    public ReplanningRecord {
        changes = List.copyOf(changes);
    }

    /** One re-plan: when, executors from → to, the reservation's end from (null: none) → to, and why. */
    public record Change(long atMs, int from, int to, Long holdFromMs, long holdToMs, String why) {
    }

    /** The record of a run's re-planning, or null while nothing has happened that is worth keeping. */
    static ReplanningRecord of(Replanning replanning) {
        if (replanning.changes().isEmpty() && replanning.predictedLateSeconds().isEmpty()
                && replanning.off().isEmpty()) {
            return null;
        }
        return new ReplanningRecord(replanning.executors(), replanning.changes().stream().map(c -> new Change(
                c.at().toEpochMilli(), c.from(), c.to(), c.holdFrom().map(Instant::toEpochMilli).orElse(null),
                c.holdTo().toEpochMilli(), c.why())).toList(), replanning.predictedLateSeconds().orElse(null),
                replanning.off().orElse(null));
    }

    /**
     * The run's re-planning as the machine carries it. When the plan last refused a change is not kept: a restarted
     * gateway may ask again at once.
     */
    Replanning replanning() {
        return new Replanning(executors, changes.stream().map(c -> new Replanning.Change(Instant.ofEpochMilli(c.atMs()),
                c.from(), c.to(), Optional.ofNullable(c.holdFromMs()).map(Instant::ofEpochMilli),
                Instant.ofEpochMilli(c.holdToMs()), c.why())).toList(), Optional.ofNullable(predictedLateSeconds),
                Optional.ofNullable(off), Optional.empty());
    }

    /** The run's grown or shrunk executors: whether any re-plan moved them. */
    boolean changed() {
        return !changes.isEmpty();
    }
}
