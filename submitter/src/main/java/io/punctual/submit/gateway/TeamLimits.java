package io.punctual.submit.gateway;

import io.punctual.submit.config.Settings;

/**
 * A request may narrow its team's limits, never lift them: the team's file (or the site's, where the team sets none)
 * decides the most executors sizing may give a batch, and a request asking for a higher cap is refused rather than
 * trimmed, so the caller learns the limit instead of finding it out from a slow run. (An explicit executor count above
 * the cap is the sizer's to reject, with the reason, as it rejects one from the command line.)
 *
 * @param maxExecutors the cap without the request's own settings
 */
record TeamLimits(String team, int maxExecutors, String origin) {

    static TeamLimits of(Settings withoutRequest, String team) {
        return new TeamLimits(team, withoutRequest.maxExecutors().value(),
                withoutRequest.maxExecutors().origin().toString());
    }

    /**
     * @param settings the batch's settings, the request's included
     * @throws RequestRefused naming the value and the team's limit
     */
    void check(Settings settings) {
        int asked = settings.maxExecutors().value();
        if (asked > maxExecutors) {
            throw new RequestRefused("conf 'spark.deadline.maxExecutors' = " + asked + " is above team " + team
                    + "'s cap of " + maxExecutors + " executors (" + origin + "); a request may only lower it. Ask"
                    + " for at most " + maxExecutors + ", or ask the site to raise the team's max-executors");
        }
    }
}
