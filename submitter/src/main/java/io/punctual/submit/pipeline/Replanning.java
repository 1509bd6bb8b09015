package io.punctual.submit.pipeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What re-planning (issue 25) has done to one run so far. A value carried in {@link SubmissionState.Running}.
 *
 * @param executors            the executors it runs with now
 * @param changes              every re-plan carried out, oldest first
 * @param predictedLateSeconds by how much, at θ, it is predicted to miss its deadline even at the most executors it
 *                             may have; empty while it is predicted to meet it
 * @param off                  why re-planning stopped for this run (it runs on at its size)
 * @param refusedAt            when the plan or the cluster last refused a change: asked again only a while later
 */
public record Replanning(int executors, List<Change> changes, Optional<Double> predictedLateSeconds,
                         Optional<String> off, Optional<Instant> refusedAt) {

    public Replanning {
        changes = List.copyOf(changes);
        Objects.requireNonNull(predictedLateSeconds, "predictedLateSeconds");
        Objects.requireNonNull(off, "off");
        Objects.requireNonNull(refusedAt, "refusedAt");
    }

    /**
     * One re-plan carried out.
     *
     * @param holdFrom when the reservation ended before (empty: it had none)
     * @param holdTo   when it ends now
     * @param why      the planner's verdict
     */
    public record Change(Instant at, int from, int to, Optional<Instant> holdFrom, Instant holdTo, String why) {
    }

    /** A run as it was launched: at its sizing's executors, nothing changed. */
    public static Replanning launched(Sizing sizing) {
        return new Replanning(sizing.shapes().executors(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    Replanning changed(Change change) {
        List<Change> all = new ArrayList<>(changes);
        all.add(change);
        return new Replanning(change.to(), all, predictedLateSeconds, off, Optional.empty());
    }

    Replanning predicting(Optional<Double> lateSeconds) {
        return new Replanning(executors, changes, lateSeconds, off, refusedAt);
    }

    Replanning refused(Instant at) {
        return new Replanning(executors, changes, predictedLateSeconds, off, Optional.of(at));
    }

    Replanning stopped(String why) {
        return new Replanning(executors, changes, predictedLateSeconds, Optional.of(why), refusedAt);
    }
}
