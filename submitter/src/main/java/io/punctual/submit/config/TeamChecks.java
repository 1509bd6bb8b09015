package io.punctual.submit.config;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks across team files: names, tokens and queues are each one team's own, and the team queues' guaranteed
 * capacities fit in their common parent.
 */
final class TeamChecks {

    private TeamChecks() {
    }

    static void check(String teamsDir, List<TeamReader.TeamFile> teams, SiteConfig.Cluster cluster,
                      List<ConfigProblem> problems) {
        Map<String, String> nameFiles = new HashMap<>();
        Map<BearerToken, String> tokenOwners = new HashMap<>();
        Map<String, String> queueOwners = new HashMap<>();
        queueOwners.put(cluster.planQueue(), "the site's plan queue");
        queueOwners.put(cluster.bestEffortQueue(), "the site's best-effort queue");
        Map<String, Double> capacities = new LinkedHashMap<>();
        for (TeamReader.TeamFile team : teams) {
            ConfigReader r = team.reader();
            String file = r.file();
            String who = team.name().map(n -> "team '" + n + "' (" + file + ")").orElse(file);
            team.name().ifPresent(name -> {
                String first = nameFiles.putIfAbsent(name, file);
                if (first != null) {
                    r.problem(TeamReader.NAME, "team '" + name + "' is already defined in " + first
                            + "; every team needs its own name");
                }
            });
            team.token().ifPresent(token -> {
                String first = tokenOwners.putIfAbsent(token, who);
                if (first != null) {
                    r.problem(TeamReader.TOKEN, "the same token as " + first + "; every team needs its own token,"
                            + " since the token alone decides which team a request acts as");
                }
            });
            team.queue().ifPresent(queue -> {
                String owner = queueOwners.putIfAbsent(queue.name(), who);
                if (owner != null) {
                    r.problem(r.has(TeamReader.QUEUE_NAME) ? TeamReader.QUEUE_NAME : TeamReader.NAME, "queue '"
                            + queue.name() + "' is already " + owner + "; every team needs a queue of its own");
                }
                capacities.put(team.name().orElse(file), queue.capacityPercent());
            });
        }
        double total = capacities.values().stream().mapToDouble(Double::doubleValue).sum();
        if (total > 100 + 1e-9) {
            StringBuilder each = new StringBuilder();
            capacities.forEach((team, capacity) -> each.append(each.length() == 0 ? "" : ", ").append(team)
                    .append(' ').append(capacity).append('%'));
            problems.add(ConfigProblem.at(teamsDir, -1, TeamReader.QUEUE_CAPACITY, "the team queues' guaranteed"
                    + " capacities add up to " + total + "% (" + each + "); they share one parent queue and must"
                    + " total at most 100%"));
        }
    }
}
