package io.punctual.sizing.sizer;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every sizer's answer is checked before anything acts on it, the way a scheduling framework checks each plug-in's:
 * a sized job never holds more executors than its team may, the plan can, or (unless the user fixed the count) its
 * widest stage can use, and never a hold longer than its window — a sizer that answers otherwise is a bug, and fails
 * loudly. And no sizer admits a job it predicts will miss: a θ-finish after the deadline is turned into a refusal
 * that names the finish, which is also the earliest deadline this size would meet (Justice admits only what it
 * expects to finish, §2.2 and Algorithm 4; RUSH sizes for the θ-quantile, Section III).
 */
public final class DecisionCheck {

    private DecisionCheck() {
    }

    /**
     * @return the decision, or a refusal when it is sized but predicted to miss at the request's confidence
     * @throws IllegalStateException when a sized decision breaks a limit of the request
     */
    public static SizingDecision checked(SizingRequest request, SizingDecision decision) {
        if (!(decision instanceof SizingDecision.Sized sized)) {
            return decision;
        }
        List<String> broken = broken(request, sized);
        if (!broken.isEmpty()) {
            throw new IllegalStateException("sizing " + request.job() + " by " + sized.method() + " gave "
                    + sized.executors() + " executors for " + sized.hold().toSeconds() + " s, which breaks: "
                    + String.join("; ", broken));
        }
        Optional<Instant> theta = sized.thetaFinish();
        if (theta.isPresent() && theta.get().isAfter(request.deadline())) {
            return new SizingDecision.Unmeetable(sized.method() + " predicts that " + sized.executors()
                    + " executors finish at " + theta.get() + " at confidence " + request.confidence() + ", "
                    + Duration.between(request.deadline(), theta.get()).toSeconds() + " s after the deadline "
                    + request.deadline() + "; a predicted miss is not admitted", sized.decidedBy(), theta,
                    sized.terms());
        }
        return decision;
    }

    private static List<String> broken(SizingRequest request, SizingDecision.Sized sized) {
        List<String> broken = new ArrayList<>();
        int executors = sized.executors();
        if (executors > request.teamMaxExecutors()) {
            broken.add("the team cap of " + request.teamMaxExecutors());
        }
        if (executors > Math.max(1, request.clusterExecutors())) {
            broken.add("the " + request.clusterExecutors() + " executors the plan holds");
        }
        int width = request.widthExecutors();
        if (sized.decidedBy() != Bound.USER && executors > width) {
            broken.add("the job's width of " + request.parallelism().tasks() + " tasks (" + width + " executors of "
                    + request.coresPerExecutor() + " cores)");
        }
        // Holds are whole seconds (the plan's step), so a hold may round past the window by less than one.
        Duration window = Duration.between(request.now(), request.deadline());
        long windowSeconds = -Math.floorDiv(-window.toMillis(), 1000);
        if (sized.hold().toSeconds() > windowSeconds) {
            broken.add("its window of " + window.toMillis() / 1000.0 + " s");
        }
        return broken;
    }
}
