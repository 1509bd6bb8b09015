package io.punctual.submit.bench.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code run.json}: what a weekly benchmark run (issue 9) was asked to do and what it held, written by
 * {@code punctual bench run} next to {@code results.json}. Fields a newer run adds are ignored when an older report
 * is read again; absent ones read as null (or zero, empty).
 *
 * @param suite           {@code puma}, {@code tpcds} or {@code mixed}
 * @param scale           the input scale's name ({@code tiny}, or a size)
 * @param seed            the seed of the arrivals and of the deadline mix
 * @param policies        the policies, in the order they ran
 * @param weeks           the weeks of history each job had before the measured run
 * @param deadlineMix     the deadline-mix spec as given
 * @param contention      the share of the cluster background jobs held throughout
 * @param startedAt       ISO-8601 instant the run began
 * @param wallSeconds     the whole run's wall time, every policy included
 * @param clusterVcores   the cluster's vcores
 * @param clusterMemoryMb the cluster's memory
 * @param gateway         the gateway's URL when the run went through one; null on YARN directly
 * @param reservations    per policy, every YARN reservation it made (empty for policies that make none)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record RunInfo(String suite, String scale, long seed, List<String> policies, int weeks, String deadlineMix,
                      double contention, String startedAt, double wallSeconds, int clusterVcores,
                      long clusterMemoryMb, String gateway, Map<String, List<Reservation>> reservations) {

    public RunInfo {
        policies = policies == null ? List.of() : List.copyOf(policies);
        reservations = reservations == null ? Map.of() : reservations.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> List.copyOf(e.getValue())));
    }

    /** The reservations one policy made, none when it made none. */
    public List<Reservation> reservationsOf(String policy) {
        List<Reservation> made = reservations.get(policy);
        return made == null ? List.of() : made;
    }

    /**
     * One YARN reservation: {@code vcores} held from {@code from} to {@code to} (ISO-8601 instants). A reservation
     * whose allocation changes over time is written as one entry per constant step, all with its id.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Reservation(String reservationId, String from, String to, int vcores) {
    }
}
