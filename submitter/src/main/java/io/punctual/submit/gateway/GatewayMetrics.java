package io.punctual.submit.gateway;

import io.punctual.history.AchievedConfidence;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The gateway's counters, printed in Prometheus's text format on {@code /metrics}. */
public final class GatewayMetrics {

    private final LongAdder submissions = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final LongAdder admitted = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder deadlineHits = new LongAdder();
    private final LongAdder deadlineMisses = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder sizingCount = new LongAdder();
    private final AtomicLong sizingNanos = new AtomicLong();
    private final AtomicLong sizingMaxNanos = new AtomicLong();
    private final LongAdder requests = new LongAdder();
    /** The handling times of the most recent submissions, in nanoseconds: a ring the summary's quantiles read. */
    private final long[] submitNanos = new long[1024];
    private long submitCount;
    /** Per job key since the gateway started: deadlines met and missed, and the confidence its runs asked for. */
    private final Map<String, JobTally> jobs = new ConcurrentHashMap<>();

    private static final class JobTally {
        private final LongAdder met = new LongAdder();
        private final LongAdder missed = new LongAdder();
        private volatile double asked = Double.NaN;
    }

    void submitted(boolean isNew) {
        (isNew ? submissions : duplicates).increment();
    }

    void admitted() {
        admitted.increment();
    }

    void rejected() {
        rejected.increment();
    }

    void failed() {
        failures.increment();
    }

    void finished(boolean metDeadline) {
        (metDeadline ? deadlineHits : deadlineMisses).increment();
    }

    /** A deadline run of {@code job} ended; {@code asked} is the confidence it was sized for, when known. */
    void finished(String job, boolean metDeadline, OptionalDouble asked) {
        finished(metDeadline);
        JobTally tally = jobs.computeIfAbsent(job, k -> new JobTally());
        (metDeadline ? tally.met : tally.missed).increment();
        asked.ifPresent(theta -> tally.asked = theta);
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

    /** The achieved confidence per job next to the asked one, so an alert can compare them. */
    private void perJob(StringBuilder out) {
        if (jobs.isEmpty()) {
            return;
        }
        out.append("# HELP punctual_job_deadlines_total Deadline runs per job key since the gateway started\n");
        out.append("# TYPE punctual_job_deadlines_total counter\n");
        StringBuilder achieved = new StringBuilder("# HELP punctual_job_achieved_confidence Share of a job's deadline"
                + " runs that met their deadline, since the gateway started\n# TYPE punctual_job_achieved_confidence"
                + " gauge\n");
        StringBuilder asked = new StringBuilder("# HELP punctual_job_asked_confidence Confidence the job's last"
                + " deadline run was sized for\n# TYPE punctual_job_asked_confidence gauge\n");
        new TreeMap<>(jobs).forEach((job, t) -> {
            String label = "job=\"" + job.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
            long met = t.met.sum();
            long missed = t.missed.sum();
            out.append("punctual_job_deadlines_total{").append(label).append(",met=\"true\"} ").append(met).append('\n');
            out.append("punctual_job_deadlines_total{").append(label).append(",met=\"false\"} ").append(missed)
                    .append('\n');
            achieved.append(String.format(Locale.ROOT, "punctual_job_achieved_confidence{%s} %.4f%n", label,
                    (double) met / Math.max(1, met + missed)));
            if (!Double.isNaN(t.asked)) {
                asked.append(String.format(Locale.ROOT, "punctual_job_asked_confidence{%s} %.4f%n", label, t.asked));
            }
        });
        out.append(achieved).append(asked);
    }

    void sized(long nanos) {
        sizingCount.increment();
        sizingNanos.addAndGet(nanos);
        sizingMaxNanos.accumulateAndGet(nanos, Math::max);
    }

    void request() {
        requests.increment();
    }

    /** One {@code POST /batches} handled, from reading its request to sending its answer. */
    synchronized void submitHandled(long nanos) {
        submitNanos[(int) (submitCount++ % submitNanos.length)] = nanos;
    }

    private synchronized double[] recentSubmitSeconds() {
        int n = (int) Math.min(submitCount, submitNanos.length);
        double[] seconds = new double[n];
        for (int i = 0; i < n; i++) {
            seconds[i] = submitNanos[i] / 1e9;
        }
        java.util.Arrays.sort(seconds);
        return seconds;
    }

    String prometheus(int tracked, int queuedLaunches) {
        StringBuilder out = new StringBuilder();
        counter(out, "punctual_submissions_total", "Batches created", submissions.sum());
        counter(out, "punctual_duplicate_submissions_total", "Submissions answered with an existing batch (same key)",
                duplicates.sum());
        counter(out, "punctual_admissions_total", "Batches admitted by sizing and reservation", admitted.sum());
        counter(out, "punctual_rejections_total", "Batches rejected: deadline cannot be met", rejected.sum());
        counter(out, "punctual_failures_total", "Batches that failed before or while running", failures.sum());
        counter(out, "punctual_deadline_hits_total", "Applications that succeeded by their deadline", deadlineHits.sum());
        counter(out, "punctual_deadline_misses_total", "Applications that ended after or without meeting their deadline",
                deadlineMisses.sum());
        counter(out, "punctual_http_requests_total", "HTTP requests served", requests.sum());
        out.append("# HELP punctual_sizing_seconds Time to learn and size one submission\n");
        out.append("# TYPE punctual_sizing_seconds summary\n");
        out.append(String.format(Locale.ROOT, "punctual_sizing_seconds_sum %.6f%n", sizingNanos.get() / 1e9));
        out.append("punctual_sizing_seconds_count ").append(sizingCount.sum()).append('\n');
        gauge(out, "punctual_sizing_seconds_max", "Longest sizing so far",
                String.format(Locale.ROOT, "%.6f", sizingMaxNanos.get() / 1e9));
        double[] recent = recentSubmitSeconds();
        out.append("# HELP punctual_submit_handling_seconds Gateway time to record and queue a batch (last 1024)\n");
        out.append("# TYPE punctual_submit_handling_seconds summary\n");
        for (double q : new double[] {0.5, 0.9, 0.99}) {
            double value = recent.length == 0 ? 0 : recent[Math.min(recent.length - 1, (int) Math.ceil(q * recent.length) - 1)];
            out.append(String.format(Locale.ROOT, "punctual_submit_handling_seconds{quantile=\"%s\"} %.6f%n", q, value));
        }
        gauge(out, "punctual_tracked_batches", "Batches not yet final", Integer.toString(tracked));
        gauge(out, "punctual_queued_launches", "Batches waiting for a launch slot", Integer.toString(queuedLaunches));
        perJob(out);
        return out.toString();
    }

    private static void counter(StringBuilder out, String name, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(" counter\n");
        out.append(name).append(' ').append(value).append('\n');
    }

    private static void gauge(StringBuilder out, String name, String help, String value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(" gauge\n");
        out.append(name).append(' ').append(value).append('\n');
    }
}
