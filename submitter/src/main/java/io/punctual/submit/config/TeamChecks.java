package io.punctual.submit.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks across team files: names, tokens and queues are each one team's own, and the team queues' guaranteed
 * capacities fit in their common parent.
 */
final class TeamChecks {

    private final Map<String, String> nameFiles = new HashMap<>();
    private final Map<BearerToken, String> tokenOwners = new HashMap<>();
    private final Map<String, String> queueOwners = new HashMap<>();
    private final List<String> capacities = new ArrayList<>();
    private double totalCapacity;

    private TeamChecks() {
    }

    /**
     * @param site the site's settings, when its file could be read: team queues must not take its queues, and no
     *             team token may be its metrics token (a team holding it would see every team's job keys)
     */
    static void check(String teamsDir, List<TeamReader.TeamFile> teams, Optional<SiteConfig> site,
                      List<ConfigProblem> problems) {
        TeamChecks checks = new TeamChecks();
        site.ifPresent(s -> {
            checks.queueOwners.put(s.cluster().planQueue(), "the site's plan queue");
            checks.queueOwners.put(s.cluster().bestEffortQueue(), "the site's best-effort queue");
            s.gateway().metricsToken().ifPresent(t -> checks.tokenOwners.put(t,
                    "the site's punctual.gateway.metrics-token"));
        });
        teams.forEach(checks::check);
        if (checks.totalCapacity > 100 + 1e-9) {
            problems.add(ConfigProblem.at(teamsDir, -1, TeamReader.QUEUE_CAPACITY, "the team queues' guaranteed"
                    + " capacities add up to " + checks.totalCapacity + "% (" + String.join(", ", checks.capacities)
                    + "); they share one parent queue and must total at most 100%"));
        }
    }

    /** A team's token and its previous one are checked alike: either alone decides which team a request acts as. */
    private void ownToken(ConfigReader r, String key, BearerToken token, String who) {
        String first = tokenOwners.putIfAbsent(token, who);
        if (first != null && first.equals(who)) {
            r.problem(key, "the same token as the team's token; during a rotation previous-token holds the old one"
                    + " and token the new one. Drop previous-token once no client sends it");
        } else if (first != null) {
            r.problem(key, "the same token as " + first + "; every team needs its own token,"
                    + " since the token alone decides which team a request acts as");
        }
    }

    private void check(TeamReader.TeamFile team) {
        ConfigReader r = team.reader();
        String who = team.name().map(n -> "team '" + n + "' (" + r.file() + ")").orElse(r.file());
        boolean ownName = team.name().map(name -> {
            String first = nameFiles.putIfAbsent(name, r.file());
            if (first != null) {
                r.problem(TeamReader.NAME, "team '" + name + "' is already defined in " + first
                        + "; every team needs its own name");
            }
            return first == null;
        }).orElse(true);
        team.token().ifPresent(token -> ownToken(r, TeamReader.TOKEN, token, who));
        team.previousToken().ifPresent(token -> ownToken(r, TeamReader.PREVIOUS_TOKEN, token, who));
        team.queue().ifPresent(queue -> {
            boolean named = r.has(TeamReader.QUEUE_NAME);
            String owner = queueOwners.putIfAbsent(queue.name(), who);
            // a queue named after a duplicate team name is the same mistake, already reported
            if (owner != null && (named || ownName)) {
                r.problem(named ? TeamReader.QUEUE_NAME : TeamReader.NAME, "queue '" + queue.name() + "' is already "
                        + owner + "; every team needs a queue of its own");
            }
            capacities.add(team.name().orElse(r.file()) + " " + queue.capacityPercent() + "%");
            totalCapacity += queue.capacityPercent();
        });
    }
}
