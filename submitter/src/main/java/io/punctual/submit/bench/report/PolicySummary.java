package io.punctual.submit.bench.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.punctual.sizing.outcome.OutcomeFigures;

import io.punctual.submit.bench.RunInfo;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.CoreSpan;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One policy's results in a weekly benchmark run (issue 9, item 3), over all its rows or one week's: admissions,
 * deadlines met, lateness, executor-seconds against the oracle, prediction error and reserved-but-unused capacity.
 * A value that does not apply (no admitted job, no oracle, no prediction, no reservation) is null.
 *
 * @param week            the week these rows belong to; null for all of the policy's rows
 * @param rejectReasons   how many refusals gave each reason
 * @param failReasons     how many admitted jobs failed or were killed for each reason
 * @param hitRateAdmitted deadlines met ÷ jobs admitted
 * @param hitRateAll      deadlines met ÷ all jobs (a refused job counts as a miss)
 * @param oracleRatio     Σ executor-seconds ÷ Σ oracle executor-seconds, over the jobs that have both
 * @param spanSeconds     first arrival to last finish of the policy's jobs
 * @param wallSeconds     the wall time of the policy's part of the run, from run.json; null per week
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PolicySummary(String policy, Integer week, int jobs, int admitted, int rejected,
                            Map<String, Integer> rejectReasons, int failed, Map<String, Integer> failReasons, int met,
                            Double hitRateAdmitted, Double hitRateAll, Lateness lateness, double executorSeconds,
                            Double oracleExecutorSeconds, Double oracleRatio, int oracleJobs,
                            PredictionError predictionError, Reserved reserved, Double spanSeconds,
                            Double wallSeconds) {

    /**
     * The figures every report shares ({@link OutcomeFigures}): an admitted job that did not meet its deadline (late,
     * failed or killed) is an unannounced miss.
     */
    public OutcomeFigures outcome() {
        return new OutcomeFigures(jobs, met, admitted, admitted - met, executorSeconds);
    }

    /** Deadlines met over all jobs, a refusal counting as a miss: the headline figure. */
    @JsonProperty
    public double sdrAll() {
        return outcome().sdrAll();
    }

    @JsonProperty
    public double unannouncedMissRate() {
        return outcome().unannouncedMissRate();
    }

    @JsonProperty
    public double unannouncedMissRateUpper95() {
        return outcome().unannouncedMissRateUpper95();
    }

    /** Executor-seconds per deadline met; null when none was met. */
    @JsonProperty
    public Double executorSecondsPerMet() {
        return met == 0 ? null : outcome().executorSecondsPerMet();
    }

    /** finishedAt − deadline in seconds over the jobs that ran to success, nearest-rank quantiles; null when none. */
    public record Lateness(int jobs, Double p50, Double p90, Double max) {
    }

    /** |predictedFinish − finishedAt| in seconds over the jobs with both, nearest-rank quantiles. */
    public record PredictionError(int jobs, Double medianAbs, Double p90Abs) {
    }

    /**
     * The policy's YARN reservations: vcore-seconds held, and how many of them no executor of the reservation's own
     * jobs used (null when the event logs or reservation windows needed to tell are missing).
     */
    public record Reserved(Double vcoreSeconds, Double unusedVcoreSeconds) {

        static final Reserved NONE = new Reserved(null, null);

        /** Unused ÷ reserved; null when either is unknown or nothing was reserved. */
        public Double unusedShare() {
            return vcoreSeconds == null || unusedVcoreSeconds == null || vcoreSeconds == 0 ? null
                    : unusedVcoreSeconds / vcoreSeconds;
        }
    }

    /** The summary of {@code rows} (all of one policy), with the reservations those rows' policy made. */
    public static PolicySummary of(String policy, Integer week, List<TimedRow> rows,
                                   List<RunInfo.ReservationInterval> reservations, RowUsage logs, Double wallSeconds) {
        int admitted = 0;
        int met = 0;
        double executorSeconds = 0;
        double oracle = 0;
        double oracleExec = 0;
        int oracleJobs = 0;
        Map<String, Integer> rejectReasons = new TreeMap<>();
        Map<String, Integer> failReasons = new TreeMap<>();
        for (TimedRow timed : rows) {
            BenchRow row = timed.row();
            admitted += row.admitted() ? 1 : 0;
            met += timed.met() ? 1 : 0;
            if (!row.admitted()) {
                rejectReasons.merge(Objects.requireNonNullElse(row.reason(), "(no reason given)"), 1, Integer::sum);
            } else if (timed.failed()) {
                failReasons.merge(row.reason(), 1, Integer::sum);
            }
            executorSeconds += row.executorSeconds() == null ? 0 : row.executorSeconds();
            if (row.executorSeconds() != null && row.oracleExecutorSeconds() != null) {
                oracleExec += row.executorSeconds();
                oracle += row.oracleExecutorSeconds();
                oracleJobs++;
            }
        }
        int failed = failReasons.values().stream().mapToInt(Integer::intValue).sum();
        int n = rows.size();
        return new PolicySummary(policy, week, n, admitted, n - admitted, rejectReasons, failed, failReasons, met,
                admitted == 0 ? null : met / (double) admitted, n == 0 ? null : met / (double) n, lateness(rows),
                executorSeconds, oracleJobs == 0 ? null : oracle, oracle > 0 ? oracleExec / oracle : null, oracleJobs,
                predictionError(rows), reserved(rows, reservations, logs), span(rows), wallSeconds);
    }

    private static Lateness lateness(List<TimedRow> rows) {
        double[] late = rows.stream().map(TimedRow::latenessSeconds).filter(o -> o.isPresent())
                .mapToDouble(o -> o.getAsDouble()).toArray();
        return new Lateness(late.length, quantile(late, 50), quantile(late, 90),
                late.length == 0 ? null : java.util.Arrays.stream(late).max().getAsDouble());
    }

    private static PredictionError predictionError(List<TimedRow> rows) {
        double[] errors = rows.stream().map(TimedRow::predictionErrorSeconds).filter(o -> o.isPresent())
                .mapToDouble(o -> Math.abs(o.getAsDouble())).toArray();
        return new PredictionError(errors.length, quantile(errors, 50), quantile(errors, 90));
    }

    /** Nearest rank (the smallest value with at least p% of the values at or below it); null for no values. */
    static Double quantile(double[] values, double percent) {
        if (values.length == 0) {
            return null;
        }
        return new Percentile().withEstimationType(Percentile.EstimationType.R_1).evaluate(values, percent);
    }

    /**
     * From {@code run.json}'s reservation windows when the run recorded them: the used part of each is what the
     * executors of the jobs that ran in it held inside its window, up to its size. Without windows, only the rows'
     * own reserved vcore-seconds are known, and how much went unused is not.
     */
    static Reserved reserved(List<TimedRow> rows, List<RunInfo.ReservationInterval> reservations, RowUsage logs) {
        if (reservations.isEmpty()) {
            double[] held = rows.stream().map(t -> t.row().reservedCpuSeconds()).filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue).toArray();
            return held.length == 0 ? Reserved.NONE : new Reserved(java.util.Arrays.stream(held).sum(), null);
        }
        double total = 0;
        double used = 0;
        for (RunInfo.ReservationInterval r : reservations) {
            CoreSpan window = new CoreSpan(Instant.parse(r.from()).toEpochMilli(), Instant.parse(r.to()).toEpochMilli(),
                    r.vcores());
            List<CoreSpan> executors = new ArrayList<>();
            rows.stream().filter(t -> r.reservationId().equals(t.row().reservationId()))
                    .map(t -> logs.of(t.row())).flatMap(Optional::stream)
                    .forEach(usage -> executors.addAll(usage.spans()));
            total += window.coreSeconds();
            used += Capacity.heldWithin(window, executors);
        }
        return new Reserved(total, total - used);
    }

    private static Double span(List<TimedRow> rows) {
        Optional<Instant> first = rows.stream().map(TimedRow::arrival).min(Instant::compareTo);
        Optional<Instant> last = rows.stream().map(TimedRow::finishedAt).flatMap(Optional::stream)
                .max(Instant::compareTo);
        return first.isPresent() && last.isPresent() ? TimedRow.seconds(first.get(), last.get()) : null;
    }
}
