package io.punctual.submit.gateway;

import io.punctual.submit.config.Settings;
import java.util.Map;
import java.util.Optional;

/**
 * A request may narrow its team's limits, never lift them: the team's file (or the site's, where the team sets none)
 * decides the most executors a batch may hold, and a request asking for more, as a cap or as an explicit count, is
 * refused rather than trimmed, so the caller learns the limit instead of finding it out from a slow run.
 *
 * @param maxExecutors the cap without the request's own settings
 */
record TeamLimits(String team, int maxExecutors, String origin) {

    static TeamLimits of(Settings withoutRequest, String team) {
        return new TeamLimits(team, withoutRequest.maxExecutors().value(),
                withoutRequest.maxExecutors().origin().toString());
    }

    /**
     * @param settings     the batch's settings, the request's included
     * @param numExecutors the request's explicit executor count, if any
     * @param requestConf  the request's own Spark properties
     * @throws RequestRefused naming the value and the team's limit
     */
    void check(Settings settings, Optional<Integer> numExecutors, Map<String, String> requestConf) {
        int asked = settings.maxExecutors().value();
        if (asked > maxExecutors) {
            throw new RequestRefused("conf 'spark.deadline.maxExecutors' = " + asked + " is above team " + team
                    + "'s cap of " + maxExecutors + " executors (" + origin + "); a request may only lower it. Ask"
                    + " for at most " + maxExecutors + ", or ask the site to raise the team's max-executors");
        }
        Optional<Integer> explicit = numExecutors.or(() -> Optional.ofNullable(
                requestConf.get("spark.executor.instances")).flatMap(TeamLimits::whole));
        explicit.filter(n -> n > maxExecutors).ifPresent(n -> {
            throw new RequestRefused("numExecutors " + n + " is above team " + team + "'s cap of " + maxExecutors
                    + " executors (" + origin + "); ask for at most " + maxExecutors + ", or leave the count to"
                    + " Punctual's sizing");
        });
    }

    private static Optional<Integer> whole(String text) {
        try {
            return Optional.of(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
