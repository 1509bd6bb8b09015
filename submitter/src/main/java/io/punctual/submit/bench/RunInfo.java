package io.punctual.submit.bench;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}: what a weekly run was and how it went, beside {@code results.json}'s rows. The report reads the
 * run's settings, the cluster, and each policy's reservations (reserved against used capacity) from it.
 *
 * @param week          the weekly run's number in its bench home (1 for the first)
 * @param status        {@code running}, {@code finished} or {@code interrupted}
 * @param wallSeconds   the run's wall time so far
 * @param gateway       the gateway's URL, or {@code embedded}
 * @param jobs          each job's isolated runtime and its measurements per executor count
 * @param policyWindows when each policy's run started and ended
 * @param reservations  per policy, the reservations its jobs held
 * @param queues        per policy, the queue its jobs were submitted to and its share as YARN reported it (issue 26:
 *                      the same share for every policy); empty when the cluster's queues could not be read
 * @param hostCores     the cores of the machine the embedded cluster ran on; null through a running gateway
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunInfo(String suite, String scale, long seed, List<String> policies,
                      @JsonAlias("weeks") int weeksOfHistory,
                      String deadlineMix, double contention, String arrivals, RunPlan plan, int week, String status,
                      String startedAt, Double wallSeconds, Integer clusterVcores, Long clusterMemoryMb,
                      String gateway, String benchHome, Map<String, JobMeasure> jobs,
                      Map<String, PolicyWindow> policyWindows, Map<String, List<ReservationInterval>> reservations,
                      Map<String, QueueShare> queues, Integer hostCores) {

    public RunInfo {
        policies = policies == null ? List.of() : List.copyOf(policies);
        jobs = ordered(jobs);
        policyWindows = ordered(policyWindows);
        reservations = ordered(reservations);
        queues = ordered(queues);
    }

    /**
     * A reservation a job held: from its allocation's start to its release (the job's end, or the allocation's end
     * when that came first).
     *
     * @param plannedTo the allocation's end as planned
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ReservationInterval(String job, String reservationId, String from, String to, String plannedTo,
                                      int vcores) {
    }

    /** When a policy's run started and ended, and the background batches it ran beside. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PolicyWindow(String startedAt, String endedAt, List<Integer> contentionBatches) {
        public PolicyWindow {
            contentionBatches = contentionBatches == null ? List.of() : List.copyOf(contentionBatches);
        }
    }

    /** The reservations one policy made, none when it made none. */
    public List<ReservationInterval> reservationsOf(String policy) {
        List<ReservationInterval> made = reservations.get(policy);
        return made == null ? List.of() : made;
    }

    /** How long the policy's part of the run took, when both ends are recorded; else null. */
    public Double wallSecondsOf(String policy) {
        PolicyWindow window = policyWindows.get(policy);
        if (window == null || window.startedAt() == null || window.endedAt() == null) {
            return null;
        }
        return java.time.Duration.between(java.time.Instant.parse(window.startedAt()),
                java.time.Instant.parse(window.endedAt())).toMillis() / 1000.0;
    }

    /**
     * A job's isolated runtime (null without a successful history run), its history per executor count, and, when the
     * bench measured them, its runs under the week's load per count, which the oracle was taken from.
     */
    public record JobMeasure(String jobKey, Double isolatedSeconds, double overheadSeconds,
                             List<JobProfile.AtCount> byCount, List<JobProfile.AtCount> underLoad) {
        public JobMeasure {
            byCount = List.copyOf(byCount);
            underLoad = underLoad == null ? List.of() : List.copyOf(underLoad);
        }
    }

    /** A copy that keeps the order it was given in, as run.json lists it. */
    private static <V> Map<String, V> ordered(Map<String, V> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    public RunInfo with(String newStatus, Double newWallSeconds) {
        return new RunInfo(suite, scale, seed, policies, weeksOfHistory, deadlineMix, contention, arrivals, plan, week,
                newStatus, startedAt, newWallSeconds, clusterVcores, clusterMemoryMb, gateway, benchHome, jobs,
                policyWindows, reservations, queues, hostCores);
    }

    public RunInfo withJobs(Map<String, JobMeasure> newJobs) {
        return new RunInfo(suite, scale, seed, policies, weeksOfHistory, deadlineMix, contention, arrivals, plan, week,
                status, startedAt, wallSeconds, clusterVcores, clusterMemoryMb, gateway, benchHome, newJobs,
                policyWindows, reservations, queues, hostCores);
    }

    public RunInfo withPolicy(String policy, PolicyWindow window, List<ReservationInterval> held) {
        Map<String, PolicyWindow> windows = new LinkedHashMap<>(policyWindows);
        windows.put(policy, window);
        Map<String, List<ReservationInterval>> all = new LinkedHashMap<>(reservations);
        all.put(policy, held);
        return new RunInfo(suite, scale, seed, policies, weeksOfHistory, deadlineMix, contention, arrivals, plan, week,
                status, startedAt, wallSeconds, clusterVcores, clusterMemoryMb, gateway, benchHome, jobs, windows,
                all, queues, hostCores);
    }
}
