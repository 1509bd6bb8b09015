package io.punctual.submit.gateway;

import io.punctual.sizing.bopf.QueueClass;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.config.TeamConfig;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How a latency-sensitive group's batch runs, by the class BoPF admitted its group into (BoPF §3, DESIGN.md §3): a Hard
 * group's batch runs in the reservation that holds this period's burst; Soft groups run in their team's queue ahead of
 * its other work, the one with the shortest burst first (BoPF's SRPT among Soft queues, as YARN application
 * priorities); Elastic groups ahead of batch work but behind every Soft one; a group BoPF rejected runs as its team's
 * best-effort work, with nothing ahead of it.
 *
 * @param priority the YARN application priority ({@code spark.yarn.priority}), higher first within a queue
 * @param note     what the batch's log says about it
 */
record GroupPlacement(String group, QueueClass queueClass, int priority, String note) {

    static final String PRIORITY = "spark.yarn.priority";
    /** The priority of a team's batch work, and of a rejected group's. */
    static final int BATCH = 0;
    static final int ELASTIC = 1;
    /** Soft groups take priorities from here up, the shortest burst the highest. */
    static final int SOFT = 2;

    /** The placement of the team's job {@code job}, when the team put it in a latency-sensitive group. */
    static Optional<GroupPlacement> of(PunctualConfig config, TeamConfig team, String job,
                                       List<QueueSetup.GroupClass> classes) {
        Optional<TeamConfig.LatencyGroup> group = team.groupOf(job);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        String name = group.get().name();
        Optional<QueueSetup.GroupClass> decided = classes.stream()
                .filter(c -> c.team().equals(team.name()) && c.group().equals(name)).findFirst();
        if (decided.isEmpty()) {
            return Optional.of(new GroupPlacement(name, QueueClass.REJECTED, BATCH, "latency-sensitive group " + name
                    + " is not admitted yet, so this runs as the team's best-effort work"));
        }
        QueueClass queueClass = decided.get().queueClass();
        return Optional.of(switch (queueClass) {
            case HARD -> new GroupPlacement(name, queueClass, BATCH, "BoPF admitted group " + name
                    + " as hard: it runs in the reservation holding this period's burst");
            case SOFT -> new GroupPlacement(name, queueClass, SOFT + softRank(config, classes, team.name(), name),
                    "BoPF admitted group " + name + " as soft: it runs ahead of the team's other work, shorter bursts"
                    + " first (SRPT)");
            case ELASTIC -> new GroupPlacement(name, queueClass, ELASTIC, "BoPF admitted group " + name
                    + " as elastic: it runs ahead of the team's batch work, behind soft groups");
            case REJECTED -> new GroupPlacement(name, queueClass, BATCH, "BoPF rejected group " + name + " ("
                    + decided.get().reason() + "), so this runs as the team's best-effort work");
        });
    }

    /** How many Soft groups, site-wide, have a longer burst than this one: SRPT's order as priorities. */
    private static int softRank(PunctualConfig config, List<QueueSetup.GroupClass> classes, String team, String group) {
        List<Long> works = classes.stream().filter(c -> c.queueClass() == QueueClass.SOFT)
                .map(c -> burstWork(config, c.team(), c.group())).sorted(Comparator.reverseOrder()).toList();
        return works.indexOf(burstWork(config, team, group));
    }

    /** A group's burst as vcore-seconds: what SRPT compares. */
    private static long burstWork(PunctualConfig config, String team, String group) {
        return config.team(team).stream().flatMap(t -> t.latencySensitive().stream())
                .filter(g -> g.name().equals(group)).mapToLong(g -> g.burst().vcores() * g.on().toSeconds())
                .findFirst().orElse(0);
    }
}
