package io.punctual.submit.bench.report;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code run.json} as the report reads it: what a weekly benchmark run (issue 9) was asked to do and what it held,
 * written by {@code punctual bench run} next to {@code results.json}. Fields the run writes beyond these (its plan,
 * each job's measurements) are ignored, and absent ones read as null or empty, so an older or newer run's report
 * still builds.
 *
 * @param suite          {@code puma}, {@code tpcds} or {@code mixed}
 * @param scale          the input scale's name ({@code tiny}, or a size)
 * @param seed           the seed of the arrivals and of the deadline mix
 * @param policies       the policies, in the order they ran
 * @param weeksOfHistory the weeks of history each job had before the measured run (also read from {@code weeks})
 * @param deadlineMix    the deadline-mix spec as given
 * @param contention     the share of the cluster background jobs held throughout
 * @param week           the weekly run's number in its bench home (1 for the first); null when not recorded
 * @param status         {@code running}, {@code finished} or {@code interrupted}; null when not recorded
 * @param startedAt      ISO-8601 instant the run began
 * @param wallSeconds    the whole run's wall time, every policy included
 * @param gateway        the gateway's URL when the run went through one
 * @param policyWindows  per policy, when its part of the run started and ended
 * @param reservations   per policy, every YARN reservation it made (none for policies that make none)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record RunInfo(String suite, String scale, long seed, List<String> policies,
                      @JsonAlias("weeks") int weeksOfHistory, String deadlineMix, double contention, Integer week,
                      String status, String startedAt, Double wallSeconds, Integer clusterVcores, Long clusterMemoryMb,
                      String gateway, Map<String, PolicyWindow> policyWindows,
                      Map<String, List<Reservation>> reservations) {

    public RunInfo {
        policies = policies == null ? List.of() : List.copyOf(policies);
        policyWindows = policyWindows == null ? Map.of() : policyWindows.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
        reservations = reservations == null ? Map.of() : reservations.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> List.copyOf(e.getValue())));
    }

    /** The reservations one policy made, none when it made none. */
    public List<Reservation> reservationsOf(String policy) {
        List<Reservation> made = reservations.get(policy);
        return made == null ? List.of() : made;
    }

    /** How long the policy's part of the run took, when run.json recorded both ends; else null. */
    public Double wallSecondsOf(String policy) {
        PolicyWindow window = policyWindows.get(policy);
        if (window == null || window.startedAt() == null || window.endedAt() == null) {
            return null;
        }
        return Duration.between(Instant.parse(window.startedAt()), Instant.parse(window.endedAt())).toMillis()
                / 1000.0;
    }

    /** When one policy's part of the run started and ended (ISO-8601 instants). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PolicyWindow(String startedAt, String endedAt) {
    }

    /**
     * One YARN reservation: {@code vcores} held from {@code from} to {@code to} (ISO-8601 instants), for {@code job}
     * when run.json says which. A reservation whose allocation changes over time is one entry per constant step,
     * all with its id.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Reservation(String job, String reservationId, String from, String to, int vcores) {
    }
}
