package io.punctual.sizing.sizer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Honours an explicit executor count from the user (an override, reported as such). With history it still predicts
 * the finish, so {@code explain} shows whether the override is likely to make the deadline, and holds the reservation
 * only as long as the run is predicted to take.
 */
public final class UserSizer implements Sizer {

    @Override
    public SizingDecision size(SizingRequest request) {
        if (request.userExecutors().isEmpty()) {
            return new SizingDecision.NotApplicable("no executor count given by the user", List.of());
        }
        int executors = request.userExecutors().get();
        List<SizingTerm> terms = new ArrayList<>();
        terms.add(SizingTerm.of("method", "user", "--num-executors given: an explicit override of sizing"));
        if (executors > request.teamMaxExecutors()) {
            return new SizingDecision.Unmeetable(executors + " executors exceed the team's cap of "
                    + request.teamMaxExecutors(), Bound.TEAM_CAP, Optional.empty(), terms);
        }
        if (executors > request.clusterExecutors()) {
            return new SizingDecision.Unmeetable(executors + " executors of " + request.executor()
                    + " do not fit the reservable capacity, which holds " + request.clusterExecutors(),
                    Bound.CLUSTER_CAPACITY, Optional.empty(), terms);
        }
        if (request.history().isEmpty()) {
            return new SizingDecision.Sized(executors, "user", Bound.USER, request.window(), Optional.empty(),
                    Optional.empty(), terms);
        }
        JobHistory history = request.history().get();
        Duration overhead = history.launchOverhead();
        double theta = history.curve().wallSeconds(executors, request.confidence());
        var thetaFinish = Predictions.finish(request, overhead, theta);
        terms.add(SizingTerm.of("predicted runtime", Predictions.seconds(theta), "θ-quantile at " + executors
                + " executors" + (thetaFinish.isAfter(request.deadline()) ? ": likely to MISS the deadline" : "")));
        terms.add(SizingTerm.of("how sure", history.curve().assurance(executors), "how the prediction was judged"));
        Duration hold = Predictions.hold(overhead, theta);
        return new SizingDecision.Sized(executors, "user", Bound.USER,
                hold.compareTo(request.window()) < 0 ? hold : request.window(),
                Optional.of(Predictions.finish(request, overhead, history.curve().wallSeconds(executors, 0.5))),
                Optional.of(thetaFinish), terms);
    }
}
