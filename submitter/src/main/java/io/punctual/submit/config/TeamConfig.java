package io.punctual.submit.config;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.CapacityOverTimePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One team, as its file {@code teams/<team>.conf} declares it.
 *
 * @param token            the team's Bearer token; a request carrying it acts as this team and only as this team
 * @param previousToken    the token being retired while clients move to {@code token}; it acts as the team too
 * @param sharingPolicy    Rayon's capacity-over-time limits on what the team may reserve; empty means only the
 *                         physical capacity of the plan limits it
 * @param latencySensitive BoPF latency-sensitive queues: the team's recurring bursty job groups
 * @param defaults         the team's per-job defaults (the "team defaults" level of {@link Precedence})
 * @param jobs             entries for single jobs by job key (the "team job entry" level)
 * @param file             the file the team was read from, as the user named it
 * @param access           what the team's gateway requests may reach on the gateway's host and as whom they run
 */
public record TeamConfig(String name, BearerToken token, Optional<BearerToken> previousToken, Queue queue, Optional<SharingLimits> sharingPolicy,
                         List<LatencyGroup> latencySensitive, SettingsLayer defaults, Map<String, SettingsLayer> jobs,
                         String file, Access access) {

    public TeamConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(previousToken, "previousToken");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(sharingPolicy, "sharingPolicy");
        latencySensitive = List.copyOf(latencySensitive);
        Objects.requireNonNull(defaults, "defaults");
        jobs = Collections.unmodifiableMap(new TreeMap<>(jobs));
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(access, "access");
    }

    /** Every token a request may act as this team with: the current one, and the retiring one during a rotation. */
    public List<BearerToken> tokens() {
        return previousToken.map(previous -> List.of(token, previous)).orElse(List.of(token));
    }

    /** The team's entry for a job key, or an empty level when it has none. */
    public SettingsLayer jobEntry(String jobKey) {
        return jobs.getOrDefault(jobKey, SettingsLayer.EMPTY);
    }

    /** The latency-sensitive group a job belongs to, if the team put it in one. */
    public Optional<LatencyGroup> groupOf(String jobKey) {
        return latencySensitive.stream().filter(g -> g.jobs().contains(jobKey)).findFirst();
    }

    /**
     * The team's queue in the Capacity Scheduler, a child of the same parent as every other team's queue.
     *
     * @param capacityPercent        guaranteed share of the parent, in (0, 100]
     * @param maximumCapacityPercent share the queue may grow into when others leave it idle, in [capacity, 100]
     */
    public record Queue(String name, double capacityPercent, double maximumCapacityPercent) {

        /** {@link #capacityPercent} as a fraction in (0, 1], the unit the queue manager works in. */
        public double capacity() {
            return capacityPercent / 100;
        }

        public double maximumCapacity() {
            return maximumCapacityPercent / 100;
        }
    }

    /**
     * Rayon's capacity-over-time sharing policy (SoCC 2014, §5.2) as the team states it, in percent of the plan.
     *
     * @param instantaneousMaxPercent the most of the plan the team may hold at any instant, in (0, 100]
     * @param averageMaxPercent       the most it may hold on average over any {@code window}, in (0, instantaneous]
     */
    public record SharingLimits(double instantaneousMaxPercent, double averageMaxPercent, Duration window) {

        public CapacityOverTimePolicy toPolicy() {
            return new CapacityOverTimePolicy(instantaneousMaxPercent / 100, averageMaxPercent / 100,
                    window.toSeconds());
        }
    }

    /**
     * A BoPF latency-sensitive queue (DESIGN.md §3): the group's jobs burst {@code burst} for {@code on} at the start of
     * every {@code period}.
     *
     * @param jobs the job keys that belong to the group
     */
    public record LatencyGroup(String name, Duration period, Duration on, Resources burst, List<String> jobs) {

        public LatencyGroup {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(period, "period");
            Objects.requireNonNull(on, "on");
            Objects.requireNonNull(burst, "burst");
            jobs = List.copyOf(jobs);
        }
    }

    /**
     * What a team's requests may name beyond its own queue: nothing unless its file grants it.
     *
     * @param localDirs  absolute directories of the gateway's host the team may ship local files from
     * @param proxyUsers users the team's applications may run as ({@code proxyUser}, Livy's {@code doAs})
     * @param runAs      the user its applications run as when a request names none; one of {@code proxyUsers}.
     *                   Empty: they run as the gateway's own user
     * @param sparkConf  Spark properties the team's requests may set beyond the site's list (same syntax)
     * @param maxConfidence the highest confidence a request may ask for; empty: no higher than the team's own
     */
    public record Access(List<Path> localDirs, List<String> proxyUsers, Optional<String> runAs,
                         List<String> sparkConf, Optional<Double> maxConfidence) {

        public static final Access NONE = new Access(List.of(), List.of(), Optional.empty(), List.of(),
                Optional.empty());

        public Access {
            localDirs = List.copyOf(localDirs);
            proxyUsers = List.copyOf(proxyUsers);
            Objects.requireNonNull(runAs, "runAs");
            sparkConf = List.copyOf(sparkConf);
            Objects.requireNonNull(maxConfidence, "maxConfidence");
        }
    }
}
