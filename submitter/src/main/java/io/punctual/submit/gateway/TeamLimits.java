package io.punctual.submit.gateway;

import io.punctual.submit.config.Settings;
import io.punctual.submit.config.TeamConfig;

/**
 * A request may narrow its team's limits, never lift them: the team's file (or the site's, where the team sets none)
 * decides the most executors sizing may give a batch and the highest confidence it may be sized for, and a request
 * asking for more is refused rather than trimmed, so the caller learns the limit instead of finding it out from a slow
 * run. Confidence counts as a limit because a higher one sizes for a worse case, which costs the team's share more
 * executors. (An explicit executor count above the cap is the sizer's to reject, with the reason, as it rejects one
 * from the command line.)
 *
 * @param maxExecutors  the cap without the request's own settings
 * @param maxConfidence the higher of the team's {@code max-confidence} and the job's confidence without the request
 */
record TeamLimits(String team, int maxExecutors, String executorsOrigin, double maxConfidence,
                  String confidenceOrigin) {

    static TeamLimits of(Settings withoutRequest, TeamConfig team) {
        var own = withoutRequest.confidence();
        boolean widened = team.access().maxConfidence().filter(max -> max > own.value()).isPresent();
        return new TeamLimits(team.name(), withoutRequest.maxExecutors().value(),
                withoutRequest.maxExecutors().origin().toString(),
                widened ? team.access().maxConfidence().get() : own.value(),
                widened ? "max-confidence in " + team.file() : own.origin().toString());
    }

    /**
     * @param settings the batch's settings, the request's included
     * @throws RequestRefused naming the value and the team's limit
     */
    void check(Settings settings) {
        int asked = settings.maxExecutors().value();
        if (asked > maxExecutors) {
            throw new RequestRefused("conf 'spark.deadline.maxExecutors' = " + asked + " is above team " + team
                    + "'s cap of " + maxExecutors + " executors (" + executorsOrigin + "); a request may only lower"
                    + " it. Ask for at most " + maxExecutors + ", or ask the site to raise the team's max-executors");
        }
        double confidence = settings.confidence().value();
        if (confidence > maxConfidence) {
            throw new RequestRefused("conf 'spark.deadline.confidence' = " + confidence + " is above team " + team
                    + "'s highest confidence of " + maxConfidence + " (" + confidenceOrigin + "); a request may only"
                    + " lower it. Ask for at most " + maxConfidence + ", or ask the site to set max-confidence in the"
                    + " team's file");
        }
    }
}
