package io.punctual.submit.gateway;

import io.punctual.submit.assembly.Assembly;

import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.sizing.JobKey;
import io.punctual.submit.request.Deadlines;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.config.Settings;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.pipeline.SizingSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import io.punctual.submit.request.IgnoredInputs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a Livy batch request into what a submission is made of: the spark-submit command line with the team's
 * settings folded in by precedence (request > team job entry > team defaults > site > reference), the job key, the
 * deadline, and the sizing knobs. The team is the caller's, whatever the request says.
 *
 * @param deadline empty for a batch without {@code spark.deadline.by}: it runs best-effort, without a reservation
 * @param warnings what was dropped as spark-submit would drop it ({@link IgnoredInputs}), for the batch's log
 */
record BatchIntake(SubmitArguments request, JobKey jobKey, Instant submittedAt, Optional<Instant> deadline,
                   SizingSettings sizing, Settings settings, List<String> warnings) {

    /** Tag on every application the gateway launches, so it finds (and reaps) its own and only its own. */
    static final String GATEWAY_TAG = "punctual-gateway";

    /**
     * A batch without a deadline holds this long in the pipeline's terms; it reserves nothing, and since it runs
     * unreserved the horizon never reaches Justice's TRACK_JOB, its event log or its job's achieved confidence.
     */
    static final Duration BEST_EFFORT_HORIZON = Duration.ofDays(7);

    /**
     * @param defaultFs the cluster's {@code fs.defaultFS}, which the request's paths without a scheme are on
     * @param copies    where the local files the request ships are copied, so what was checked is what ships
     */
    static BatchIntake of(BatchRequest given, TeamConfig team, Assembly assembly, Clock clock, URI defaultFs,
                          ShippedCopies copies) {
        PunctualConfig config = assembly.config();
        // What a request may ask is judged before anything is done for it: no file copied, nothing recorded.
        SparkConfAllowlist.of(team, config.site().gateway()).check(IgnoredInputs.sparkConf(given.conf(),
                new ArrayList<>()));
        Instant now = clock.instant();
        Optional<Instant> deadline = Optional.ofNullable(given.conf().get(DeadlineKeys.BY))
                .map(d -> parseDeadline(d, clock))
                .map(d -> withinHorizon(d, now, config.site().cluster().planningHorizon()));
        // Files next, so every later step (the job key, the conf, the launch) sees them as YARN will fetch them.
        BatchRequest request = LocalFiles.of(team, config.site().gateway(), defaultFs, copies).resolve(given);
        List<String> warnings = new ArrayList<>();
        Map<String, String> requestConf = IgnoredInputs.sparkConf(request.conf(), warnings);
        request.executorMemory().ifPresent(m -> requestConf.put("spark.executor.memory", m));
        request.executorCores().ifPresent(c -> requestConf.put("spark.executor.cores", c.toString()));
        requestConf.put(JobKey.TEAM, team.name());
        JobKey job = jobKey(request, team, requestConf);
        Settings settings = config.settingsFor(job, requestConf);
        TeamLimits.of(config.settingsFor(job, Map.of()), team).check(settings);

        Map<String, String> conf = new LinkedHashMap<>(requestConf);
        conf.putAll(settings.sparkProperties());
        conf.put(DeadlineKeys.CONFIDENCE, Double.toString(settings.confidence().value()));
        conf.put(JobKey.EXPLICIT, job.name());
        conf.put("spark.yarn.tags", tags(request.conf().get("spark.yarn.tags")));
        // The deadline is kept once, as the instant below: a relative "45m" read again later would mean another time.
        conf.remove(DeadlineKeys.BY);
        new TeamAccess(team, config.site().gateway()).check(conf);
        var sizing = assembly.sizing(settings);
        BatchRequest resolved = withConf(request, conf);
        return new BatchIntake(resolved.toSubmitArguments(), job, now, deadline, sizing, settings, warnings);
    }

    private static JobKey jobKey(BatchRequest request, TeamConfig team, Map<String, String> conf) {
        Map<String, String> props = new LinkedHashMap<>(conf);
        props.remove(JobKey.QUEUE);
        String appName = request.name().or(request::className)
                .orElse(Path.of(request.file()).getFileName().toString());
        return JobKey.from(props, appName, team.name(), request.className());
    }

    private static String tags(String requested) {
        return requested == null || requested.isBlank() ? GATEWAY_TAG : requested + "," + GATEWAY_TAG;
    }

    private static Instant parseDeadline(String text, Clock clock) {
        try {
            return Deadlines.parse(text, clock);
        } catch (InvalidRequest e) {
            throw new InvalidRequest("conf 'spark.deadline.by': " + e.getMessage());
        }
    }

    /** A deadline past the site's horizon would ask YARN to plan an unbounded window: refused before anything. */
    private static Instant withinHorizon(Instant deadline, Instant now, Duration horizon) {
        if (deadline.isAfter(now.plus(horizon))) {
            throw new InvalidRequest("conf 'spark.deadline.by': " + deadline + " is more than "
                    + Deadlines.human(horizon) + " ahead (the site's punctual.cluster.planning-horizon);"
                    + " give a nearer deadline, or leave spark.deadline.by out to run best-effort");
        }
        return deadline;
    }

    private static BatchRequest withConf(BatchRequest r, Map<String, String> conf) {
        return new BatchRequest(r.file(), r.className(), r.args(), r.jars(), r.pyFiles(), r.files(), r.archives(),
                r.driverMemory(), r.driverCores(), Optional.empty(), Optional.empty(), r.numExecutors(), r.queue(),
                r.name(), conf, r.proxyUser());
    }

}
