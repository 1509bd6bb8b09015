package io.punctual.submit.gateway;

import io.micrometer.core.instrument.Counter;
import io.punctual.sizing.outcome.OutcomeFigures;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.punctual.history.AchievedConfidence;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway's metrics on Micrometer's Prometheus registry, served on {@code /metrics}: batch outcomes per team,
 * deadline runs and achieved confidence per job key, sizing and submit-handling times as histograms (buckets,
 * {@code _sum}, {@code _count}), and the JVM's own metrics.
 */
public final class GatewayMetrics implements AutoCloseable {

    /** The Prometheus text format the registry writes. */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Timer sizing;
    private final Timer submitHandling;
    private final Counter requests;
    private final AtomicInteger tracked = new AtomicInteger();
    private final AtomicInteger queuedLaunches = new AtomicInteger();
    /** Per job key since the gateway started: deadlines met and missed, and the confidence its runs asked for. */
    private final Map<String, JobTally> jobs = new ConcurrentHashMap<>();
    /** Per team since the gateway started: the outcome figures every report shares. */
    private final Map<String, TeamOutcomes> outcomes = new ConcurrentHashMap<>();

    /** The counts behind a team's {@link OutcomeFigures}, added to as its deadline batches end. */
    private static final class TeamOutcomes {
        private long jobs;
        private long met;
        private long admitted;
        private long unannounced;
        private double executorSeconds;

        synchronized void add(boolean wasAdmitted, boolean metDeadline, double held) {
            jobs++;
            met += metDeadline ? 1 : 0;
            admitted += wasAdmitted ? 1 : 0;
            unannounced += wasAdmitted && !metDeadline ? 1 : 0;
            executorSeconds += held;
        }

        synchronized OutcomeFigures figures() {
            return new OutcomeFigures(jobs, met, admitted, unannounced, executorSeconds);
        }
    }

    private static final class JobTally {
        private final LongAdder met = new LongAdder();
        private final LongAdder missed = new LongAdder();
        private volatile double asked = Double.NaN;

        double achieved() {
            long m = met.sum();
            return (double) m / Math.max(1, m + missed.sum());
        }
    }

    public GatewayMetrics() {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        sizing = Timer.builder("punctual.sizing").description("Time to learn and size one submission")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(30)).register(registry);
        submitHandling = Timer.builder("punctual.submit.handling")
                .description("Gateway time to record and queue a batch, from reading its request to answering")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(10)).register(registry);
        requests = Counter.builder("punctual.http.requests").description("HTTP requests served").register(registry);
        Gauge.builder("punctual.tracked.batches", tracked, AtomicInteger::get).description("Batches not yet final")
                .register(registry);
        Gauge.builder("punctual.queued.launches", queuedLaunches, AtomicInteger::get)
                .description("Batches waiting for a launch slot").register(registry);
    }

    /** Every team's counters start at zero, so a dashboard sees a team before its first batch. */
    void teams(Collection<String> teams) {
        teams.forEach(team -> {
            for (Outcome outcome : Outcome.values()) {
                outcome.counter(registry, team);
            }
        });
    }

    /** What can happen to a batch, each a counter per team. */
    private enum Outcome {
        SUBMITTED("punctual.submissions", "Batches created"),
        DUPLICATE("punctual.duplicate.submissions", "Submissions answered with an existing batch (same key)"),
        ADMITTED("punctual.admissions", "Batches admitted by sizing and reservation"),
        REJECTED("punctual.rejections", "Batches rejected: deadline cannot be met"),
        FAILED("punctual.failures", "Batches that failed before or while running"),
        HIT("punctual.deadline.hits", "Applications that succeeded by their deadline"),
        MISSED("punctual.deadline.misses", "Applications that ended after or without meeting their deadline");

        private final String name;
        private final String help;

        Outcome(String name, String help) {
            this.name = name;
            this.help = help;
        }

        Counter counter(PrometheusMeterRegistry registry, String team) {
            return Counter.builder(name).description(help).tag("team", team).register(registry);
        }
    }

    private void count(Outcome outcome, String team) {
        outcome.counter(registry, team).increment();
    }

    void submitted(String team, boolean isNew) {
        count(isNew ? Outcome.SUBMITTED : Outcome.DUPLICATE, team);
    }

    void admitted(String team) {
        count(Outcome.ADMITTED, team);
    }

    void rejected(String team) {
        count(Outcome.REJECTED, team);
    }

    void failed(String team) {
        count(Outcome.FAILED, team);
    }

    /**
     * A batch with a deadline ended, whatever became of it (a refusal is a miss): the team's outcome figures.
     *
     * @param admitted        whether it was given capacity (a reservation), so a miss after it was unannounced
     * @param executorSeconds the executor-seconds its run held, 0 when it never ran
     */
    void deadlineEnded(String team, boolean admitted, boolean metDeadline, double executorSeconds) {
        outcomes.computeIfAbsent(team, this::registerTeam).add(admitted, metDeadline, executorSeconds);
    }

    private TeamOutcomes registerTeam(String team) {
        TeamOutcomes tally = new TeamOutcomes();
        Gauge.builder("punctual.outcome.sdr.all", tally, t -> t.figures().sdrAll())
                .description("Deadlines met over all deadline batches, a refusal counting as a miss").tag("team", team)
                .register(registry);
        Gauge.builder("punctual.outcome.unannounced.miss.rate", tally, t -> t.figures().unannouncedMissRate())
                .description("Admitted deadline batches that then missed, over the admitted").tag("team", team)
                .register(registry);
        Gauge.builder("punctual.outcome.unannounced.miss.rate.upper95", tally,
                        t -> t.figures().unannouncedMissRateUpper95())
                .description("One-sided 95% upper bound (Clopper-Pearson) of the unannounced miss rate")
                .tag("team", team).register(registry);
        // NaN (no value) until a deadline is met.
        Gauge.builder("punctual.outcome.executor.seconds.per.met", tally, t -> {
                    double per = t.figures().executorSecondsPerMet();
                    return Double.isInfinite(per) ? Double.NaN : per;
                }).description("Executor-seconds held by deadline batches per deadline met").tag("team", team)
                .register(registry);
        return tally;
    }

    /**
     * Re-planning changed a running batch: {@code grow} or {@code shrink} its executors, or {@code hold} (only its
     * reservation's end moved, for a run that had not started a task).
     */
    void replanned(String team, int from, int to) {
        String direction = to > from ? "grow" : to < from ? "shrink" : "hold";
        Counter.builder("punctual.replans").description("Running batches' executors or holds moved by re-planning")
                .tags("team", team, "direction", direction).register(registry).increment();
    }

    /** Re-planning predicted, from a running batch's progress, that it misses its deadline even grown. */
    void predictedMiss(String team) {
        Counter.builder("punctual.predicted.misses")
                .description("Running batches predicted to miss their deadline even at the most executors allowed")
                .tag("team", team).register(registry).increment();
    }

    /** A deadline run of {@code job} ended; {@code asked} is the confidence it was sized for, when known. */
    void finished(String team, String job, boolean metDeadline, OptionalDouble asked) {
        count(metDeadline ? Outcome.HIT : Outcome.MISSED, team);
        JobTally tally = jobs.computeIfAbsent(job, this::registerJob);
        Counter.builder("punctual.job.deadlines").description("Deadline runs per job key since the gateway started")
                .tags("job", job, "met", Boolean.toString(metDeadline)).register(registry).increment();
        (metDeadline ? tally.met : tally.missed).increment();
        asked.ifPresent(theta -> tally.asked = theta);
    }

    private JobTally registerJob(String job) {
        JobTally tally = new JobTally();
        Gauge.builder("punctual.job.achieved.confidence", tally, JobTally::achieved)
                .description("Share of a job's deadline runs that met their deadline, since the gateway started")
                .tag("job", job).register(registry);
        // NaN until a run says what it asked for: Prometheus reads NaN as no value, not as a zero.
        Gauge.builder("punctual.job.asked.confidence", tally, t -> t.asked)
                .description("Confidence the job's last deadline run was sized for").tag("job", job).register(registry);
        return tally;
    }

    /** What {@code job}'s deadline runs since the gateway started achieved, for the jobs page; empty before any. */
    Optional<AchievedConfidence> achieved(String job) {
        JobTally tally = jobs.get(job);
        if (tally == null) {
            return Optional.empty();
        }
        int met = tally.met.intValue();
        int finished = met + tally.missed.intValue();
        double asked = tally.asked;
        return finished == 0 ? Optional.empty()
                : Optional.of(new AchievedConfidence(finished, met, Double.isNaN(asked) ? Optional.empty()
                        : Optional.of(asked)));
    }

    void sized(long nanos) {
        sizing.record(Duration.ofNanos(nanos));
    }

    void request() {
        requests.increment();
    }

    /** One {@code POST /batches} handled, from reading its request to sending its answer. */
    void submitHandled(long nanos) {
        submitHandling.record(Duration.ofNanos(nanos));
    }

    /** The Prometheus text of every meter, with the two gauges the caller reads off the batch service now. */
    String prometheus(int trackedNow, int queuedNow) {
        tracked.set(trackedNow);
        queuedLaunches.set(queuedNow);
        return registry.scrape();
    }

    /** Why a scrape has no team or job labels, in a comment line Prometheus skips. */
    static final String WITHHELD = "# team and job labels withheld: scrape with Authorization: Bearer <the site's"
            + " punctual.gateway.metrics-token> to see them\n";
    private static final java.util.regex.Pattern JOB_KEY_LABEL = java.util.regex.Pattern.compile("[{,](team|job)=\"");

    /**
     * A scrape without the samples labelled by team or job: the job keys name every team's work, which a caller
     * without the metrics token should not learn. The gateway's own meters (requests, sizing time, the JVM) stay.
     */
    static String withoutJobKeys(String scrape) {
        StringBuilder kept = new StringBuilder(WITHHELD);
        scrape.lines().filter(line -> line.startsWith("#") || !JOB_KEY_LABEL.matcher(line).find())
                .forEach(line -> kept.append(line).append('\n'));
        return kept.toString();
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
