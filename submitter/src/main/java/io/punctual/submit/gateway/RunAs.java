package io.punctual.submit.gateway;

import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.InvalidRequest;
import java.util.Map;
import java.util.Optional;

/**
 * Whom a team's request acts as, decided in this one place for every route: Livy's precedence, {@code ?doAs=} over
 * the body's {@code proxyUser} over the team's {@code run-as}, and without any of them the gateway's own user. Every
 * user named is held to the team's {@code proxy-users}. What is decided travels as the request's {@code proxyUser},
 * so the record, the idempotency check, the launch's {@code --proxy-user} and the Livy answer all see the same user.
 *
 * @param doAs the user the caller asked to act as through the query, if it asked
 */
record RunAs(TeamConfig team, Optional<String> doAs) {

    /** The query parameter Livy and Hadoop's HTTP services take; Hadoop's own spell it {@code doas}. */
    static final String DO_AS = "doAs";

    /**
     * The caller's {@code doAs}, refused now when the team may not act as that user, so no route ignores it.
     *
     * @throws RequestRefused when the user is not one of the team's proxy-users
     * @throws InvalidRequest when {@code doAs} is given but empty
     */
    static RunAs of(TeamConfig team, Map<String, String> query) {
        Optional<String> doAs = query.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(DO_AS))
                .map(Map.Entry::getValue).findFirst();
        if (doAs.isPresent() && doAs.get().isBlank()) {
            throw new InvalidRequest("query parameter doAs is empty: name the user the batch should run as (one the"
                    + " team may run as), or leave doAs out");
        }
        doAs.ifPresent(user -> allowed(team, user, DO_AS));
        return new RunAs(team, doAs);
    }

    /**
     * The request as it will run: its {@code proxyUser} replaced by the effective user.
     *
     * @throws RequestRefused when the body names a user outside the team's proxy-users
     */
    BatchRequest applyTo(BatchRequest request) {
        if (doAs.isPresent()) {
            return request.withProxyUser(doAs);
        }
        request.proxyUser().ifPresent(user -> allowed(team, user, "proxyUser"));
        return request.withProxyUser(request.proxyUser().or(() -> team.access().runAs()));
    }

    /**
     * The refusal names the user asked for and never the allowed ones: a caller holding a team's token should not
     * learn from it which accounts are worth asking for.
     */
    private static void allowed(TeamConfig team, String user, String field) {
        if (!team.access().proxyUsers().contains(user)) {
            throw new RequestRefused(field + " '" + user + "' is not a user team " + team.name()
                    + " may run as. Drop " + field + ", or ask the site to add the user to proxy-users in the"
                    + " team's file");
        }
    }
}
