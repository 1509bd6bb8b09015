package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.bench.Arrivals.Arrival;
import io.punctual.submit.bench.RunInfo.ReservationInterval;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One policy's measured run: the jobs arrive on the shared schedule (the first as the policy starts), each is
 * submitted as the policy submits it, and each ends in a row once its batch ends — or is deleted when it runs far
 * past its deadline. A resumed run submits only the jobs without a row, keeping their gaps.
 */
public final class PolicyRun {

    /** A job runs at most this long past its deadline (or twice its isolated runtime, if longer) before deletion. */
    private static final Duration OVERRUN = Duration.ofMinutes(2);

    private record Pending(Arrival arrival, BenchRows.Job job, int batchId, Instant killAt, String run) {
    }

    private final Policy policy;
    private final RunPlan plan;
    private final int week;
    private final Workload workload;
    private final Map<String, JobProfile> profiles;
    private final BatchRunner runner;
    private final EventLogs logs;
    private final ReportDir report;
    private final Progress progress;
    private final Clock clock;
    private final List<ReservationInterval> held = new ArrayList<>();
    private final Map<Integer, Pending> pending = new LinkedHashMap<>();
    private int total;

    public PolicyRun(Policy policy, RunPlan plan, int week, Workload workload, Map<String, JobProfile> profiles,
                     BatchRunner runner, EventLogs logs, ReportDir report, Progress progress, Clock clock) {
        this.policy = policy;
        this.plan = plan;
        this.week = week;
        this.workload = workload;
        this.profiles = profiles;
        this.runner = runner;
        this.logs = logs;
        this.report = report;
        this.progress = progress;
        this.clock = clock;
    }

    /** Runs the jobs without a row yet; returns the reservations they held. */
    public List<ReservationInterval> run(List<Arrival> arrivals) {
        total = arrivals.size();
        List<Arrival> todo = arrivals.stream()
                .filter(a -> !report.done(policy.label(), workload.name(a.job()))).toList();
        if (todo.isEmpty()) {
            return held;
        }
        Instant origin = clock.instant().minus(todo.get(0).offset());
        int next = 0;
        while ((next < todo.size() || !pending.isEmpty()) && !runner.guard().stopping()) {
            while (next < todo.size() && !origin.plus(todo.get(next).offset()).isAfter(clock.instant())) {
                arrive(todo.get(next++));
            }
            follow();
            long untilNext = next < todo.size()
                    ? Duration.between(clock.instant(), origin.plus(todo.get(next).offset())).toMillis() : 1000;
            runner.guard().sleep(Math.max(50, Math.min(1000, untilNext)));
        }
        return held;
    }

    private void arrive(Arrival arrival) {
        Instant at = clock.instant();
        JobProfile profile = profiles.get(arrival.job());
        Optional<Duration> isolated = profile.isolatedRuntime();
        Duration window = isolated.map(d -> Duration.ofMillis(Math.round(d.toMillis() * arrival.factor())))
                .orElse(Duration.ZERO);
        BenchRows.Job job = new BenchRows.Job(policy.label(), workload.name(arrival.job()), week, at, at.plus(window),
                arrival.factor(), isolated.flatMap(d -> profile.oracleExecutorSeconds(window)));
        if (isolated.isEmpty()) {
            row(arrival, BenchRows.refused(job, "no successful history run, so no isolated runtime to set its"
                    + " deadline from"));
            return;
        }
        // A run names directories and Hadoop paths, where static:2's colon would read as a URI scheme (and
        // punctual@0.8's at sign as a user), so the label keeps only letters, digits, dots and dashes.
        String run = policy.label().replaceAll("[^A-Za-z0-9.-]", "-") + "-w" + week + "-" + arrival.index() + "-"
                + clock.millis();
        try {
            Optional<BatchBody> body = body(arrival, job, run);
            if (body.isEmpty()) {
                return;
            }
            BatchView batch = runner.start(body.get());
            Duration grace = isolated.get().multipliedBy(2).compareTo(OVERRUN) > 0 ? isolated.get().multipliedBy(2)
                    : OVERRUN;
            pending.put(batch.id(), new Pending(arrival, job, batch.id(), job.deadline().plus(grace), run));
            progress.job(policy.label(), arrival.index() + 1, total, job.job(), "submitted as batch " + batch.id()
                    + ", due in " + window.toSeconds() + " s (" + trim(arrival.factor()) + "x its isolated "
                    + isolated.get().toSeconds() + " s)");
        } catch (GatewayClient.GatewayRefusal e) {
            row(arrival, BenchRows.refused(job, "the gateway refused the batch: " + e.getMessage()));
        }
    }

    /** The policy's batch for the job; empty when Punctual's sizing already refused it (its row is written). */
    private Optional<BatchBody> body(Arrival arrival, BenchRows.Job job, String run) {
        String deadline = job.deadline().toString();
        int cores = plan.executorCores();
        return switch (policy.kind()) {
            case STATIC -> Optional.of(workload.body(arrival.job(), run, ".static",
                    Optional.of(policy.executors().orElse(plan.staticExecutors())), cores, Map.of()));
            case DYNAMIC -> Optional.of(workload.body(arrival.job(), run, ".dynamic", Optional.empty(), cores,
                    Map.of("spark.dynamicAllocation.enabled", "true",
                            "spark.dynamicAllocation.shuffleTracking.enabled", "true")));
            case PUNCTUAL -> Optional.of(workload.body(arrival.job(), run, "", Optional.empty(), cores,
                    punctualConf(deadline)));
            case PUNCTUAL_NORESERVE -> sizedWithoutReservation(arrival, job, run, deadline);
        };
    }

    /** The deadline, and the confidence a {@code punctual@C} asks for instead of the team's. */
    private Map<String, String> punctualConf(String deadline) {
        if (policy.confidence().isEmpty()) {
            return Map.of("spark.deadline.by", deadline);
        }
        return Map.of("spark.deadline.by", deadline, "spark.deadline.confidence",
                Double.toString(policy.confidence().getAsDouble()));
    }

    /** Punctual's sizing by a dry run under the job's own key, then a best-effort batch at that count. */
    private Optional<BatchBody> sizedWithoutReservation(Arrival arrival, BenchRows.Job job, String run,
                                                        String deadline) {
        int cores = plan.executorCores();
        JsonNode dry = runner.client().dryRun(workload.body(arrival.job(), run, "", Optional.empty(), cores,
                Map.of("spark.deadline.by", deadline)));
        if (!dry.path("executors").isNumber()) {
            row(arrival, BenchRows.refused(job, dry.path("admission").path("reason").asText("Punctual could not"
                    + " size it")));
            return Optional.empty();
        }
        return Optional.of(workload.body(arrival.job(), run, ".noreserve", Optional.of(dry.get("executors").asInt()),
                cores, Map.of()));
    }

    /** Looks at every pending batch once: an ended one becomes a row, one far past its deadline is deleted. */
    private void follow() {
        for (Pending p : List.copyOf(pending.values())) {
            BatchView batch = runner.look(p.batchId());
            if (batch.isFinal()) {
                pending.remove(p.batchId());
                workload.clean(p.run());
                if (batch.rejected()) {
                    row(p.arrival(), BenchRows.refused(p.job(), batch.reason().orElse("rejected")));
                } else {
                    hold(p.job().job(), batch);
                    row(p.arrival(), BenchRows.ended(p.job(), batch, batch.appId().flatMap(app -> logs.cost(app, batch.succeeded())),
                            plan.executorCores()));
                }
            } else if (clock.instant().isAfter(p.killAt())) {
                progress.job(policy.label(), p.arrival().index() + 1, total, p.job().job(), "still running at "
                        + p.killAt() + ", long past its deadline: deleting it");
                runner.kill(p.batchId());
                pending.put(p.batchId(), new Pending(p.arrival(), p.job(), p.batchId(), Instant.MAX, p.run()));
            }
        }
    }

    private void hold(String job, BatchView batch) {
        Optional<Integer> vcores = BenchRows.vcores(batch, plan.executorCores());
        if (batch.reservationStart().isPresent() && vcores.isPresent()) {
            held.add(new ReservationInterval(job, batch.reservationId().orElseThrow(),
                    batch.reservationStart().get().toString(), BenchRows.releasedAt(batch).orElseThrow().toString(),
                    batch.reservationEnd().orElseThrow().toString(), vcores.get()));
        }
    }

    private void row(Arrival arrival, BenchRow row) {
        report.add(row);
        progress.ended(policy.label(), arrival.index() + 1, total, row);
    }

    private static String trim(double factor) {
        return factor == Math.rint(factor) ? Long.toString((long) factor) : Double.toString(factor);
    }
}
