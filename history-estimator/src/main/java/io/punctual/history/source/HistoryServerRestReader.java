package io.punctual.history.source;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.history.run.RunId;
import io.punctual.history.run.ExecutorShape;
import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.JobKeyResolver;
import io.punctual.history.run.JobRun;
import io.punctual.history.run.LogIntegrity;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.RunTotals;
import io.punctual.history.run.SourceInfo;
import io.punctual.history.run.StageRun;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Rebuilds a run from a History Server's structured endpoints when its event log cannot be downloaded. The REST
 * API does not publish stage parents, so each job's stages are chained in id order: a pessimistic DAG (nothing
 * runs side by side that might have), which errs toward later predicted finishes. Totals count each task once
 * (the server folds Spark's "Resubmitted" repeats into the original task).
 */
final class HistoryServerRestReader {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'GMT'").withZone(ZoneOffset.UTC);
    private static final int PAGE = 1000;

    private final HistoryServerAttempt attempt;
    private final RestClient client;
    private final String app;

    HistoryServerRestReader(HistoryServerAttempt attempt) {
        this.attempt = attempt;
        this.client = attempt.server().client();
        this.app = attempt.uri();
    }

    ReadOutcome read() throws IOException {
        JsonNode info = attempt.attempt();
        Map<String, String> props = pairs(get("/environment").path("sparkProperties"));
        String javaCommand = pairs(get("/environment").path("systemProperties")).get("sun.java.command");
        String user = info.path("sparkUser").asText("");
        String version = info.path("appSparkVersion").asText("");
        boolean completed = info.path("completed").asBoolean(false);
        long start = info.path("startTimeEpoch").asLong();
        OptionalLong end = completed ? OptionalLong.of(info.path("endTimeEpoch").asLong()) : OptionalLong.empty();

        List<JobRun> jobs = jobs(get("/jobs"));
        Map<Integer, Integer> chainedParent = chainParents(jobs);
        long[] totals = new long[6];
        List<StageRun> stages = stages(get("/stages"), chainedParent, totals);
        List<ExecutorSpan> executors = executors(get("/allexecutors"));

        String appName = attempt.appName();
        RunRecord run = new RunRecord(RunId.of(attempt.appId(), attempt.attemptId()),
                JobKeyResolver.resolve(props, appName, user, javaCommand), appName,
                version.isEmpty() ? Optional.empty() : Optional.of(version), user, start, end,
                ExecutorShape.coresPerExecutor(props, executors), ExecutorShape.taskCpus(props), executors, jobs, stages,
                new RunTotals(totals[0], totals[1], totals[2], totals[3], totals[4], totals[5]),
                new LogIntegrity(completed, 0, 0, false, 0, List.of("read from the History Server's REST API: "
                        + "stage parents are not published there, so each job's stages are replayed in sequence")),
                exclusion(completed, version, totals[0]), new SourceInfo(app, 0, attempt.modifiedMs(),
                "shs:" + attempt.modifiedMs()));
        return new ReadOutcome.Read(run);
    }

    private JsonNode get(String path) throws IOException {
        return client.json(URI.create(app + path));
    }

    private static Optional<String> exclusion(boolean completed, String version, long tasks) {
        if (!completed) {
            return Optional.of("incomplete: the History Server lists the attempt as not completed");
        }
        if (version.isEmpty() || version.startsWith("1.")) {
            return Optional.of("Spark 1.x application (version " + (version.isEmpty() ? "unknown" : version)
                    + "): cannot be replayed");
        }
        return tasks == 0 ? Optional.of("no tasks ran: nothing to learn about executor demand") : Optional.empty();
    }

    private static List<JobRun> jobs(JsonNode jobs) {
        List<JobRun> out = new ArrayList<>();
        for (JsonNode job : jobs) {
            long submitted = time(job.path("submissionTime"));
            long completed = time(job.path("completionTime"));
            if (submitted < 0) {
                continue;
            }
            List<Integer> stageIds = new ArrayList<>();
            job.path("stageIds").forEach(id -> stageIds.add(id.asInt()));
            out.add(new JobRun(job.path("jobId").asInt(), submitted, Math.max(submitted, completed), stageIds,
                    "SUCCEEDED".equals(job.path("status").asText())));
        }
        out.sort(java.util.Comparator.comparingInt(JobRun::jobId));
        return out;
    }

    /** Each stage's parent when a job's stages run one after another in id order. */
    private static Map<Integer, Integer> chainParents(List<JobRun> jobs) {
        Map<Integer, Integer> parent = new HashMap<>();
        for (JobRun job : jobs) {
            List<Integer> ids = new ArrayList<>(job.stageIds());
            ids.sort(null);
            for (int i = 1; i < ids.size(); i++) {
                parent.putIfAbsent(ids.get(i), ids.get(i - 1));
            }
        }
        return parent;
    }

    private List<StageRun> stages(JsonNode stages, Map<Integer, Integer> parent, long[] totals) throws IOException {
        TreeMap<Integer, List<JsonNode>> byId = new TreeMap<>();
        for (JsonNode stage : stages) {
            if (!"SKIPPED".equals(stage.path("status").asText()) && !"PENDING".equals(stage.path("status").asText())) {
                byId.computeIfAbsent(stage.path("stageId").asInt(), k -> new ArrayList<>()).add(stage);
            }
        }
        List<StageRun> out = new ArrayList<>();
        for (Map.Entry<Integer, List<JsonNode>> entry : byId.entrySet()) {
            out.add(stage(entry.getKey(), entry.getValue(), parent, totals));
        }
        return out;
    }

    private StageRun stage(int stageId, List<JsonNode> attempts, Map<Integer, Integer> parent, long[] totals)
            throws IOException {
        attempts.sort(java.util.Comparator.comparingInt(a -> a.path("attemptId").asInt()));
        List<Integer> millis = new ArrayList<>();
        int failed = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (JsonNode stageAttempt : attempts) {
            String base = "/stages/" + stageId + "/" + stageAttempt.path("attemptId").asInt() + "/taskList?length=" + PAGE;
            for (int offset = 0; ; offset += PAGE) {
                JsonNode page = get(base + "&offset=" + offset);
                for (JsonNode task : page) {
                    long launch = time(task.path("launchTime"));
                    long duration = task.path("duration").asLong(-1);
                    if (launch < 0 || duration < 0) {
                        continue; // still running: no duration yet
                    }
                    boolean ok = "SUCCESS".equals(task.path("status").asText());
                    millis.add((int) Math.min(Integer.MAX_VALUE, duration));
                    failed += ok ? 0 : 1;
                    first = Math.min(first, launch);
                    last = Math.max(last, launch + duration);
                    count(task.path("taskMetrics"), ok, duration, totals);
                }
                if (page.size() < PAGE) {
                    break;
                }
            }
        }
        int[] durations = millis.stream().mapToInt(Integer::intValue).toArray();
        List<Integer> parents = parent.containsKey(stageId) ? List.of(parent.get(stageId)) : List.of();
        JsonNode firstAttempt = attempts.get(0);
        return new StageRun(stageId, firstAttempt.path("name").asText(""), firstAttempt.path("numTasks").asInt(),
                attempts.size(), parents, durations, failed, first == Long.MAX_VALUE ? 0 : first,
                last == Long.MIN_VALUE ? 0 : last);
    }

    private static void count(JsonNode metrics, boolean ok, long duration, long[] totals) {
        totals[0]++;
        totals[1] += ok ? 0 : 1;
        totals[2] += duration;
        totals[3] += metrics.path("inputMetrics").path("bytesRead").asLong(0);
        JsonNode read = metrics.path("shuffleReadMetrics");
        totals[4] += read.path("remoteBytesRead").asLong(0) + read.path("localBytesRead").asLong(0);
        totals[5] += metrics.path("shuffleWriteMetrics").path("bytesWritten").asLong(0);
    }

    private static List<ExecutorSpan> executors(JsonNode executors) {
        List<ExecutorSpan> out = new ArrayList<>();
        for (JsonNode e : executors) {
            long added = time(e.path("addTime"));
            long removed = time(e.path("removeTime"));
            out.add(new ExecutorSpan(e.path("id").asText(), Math.max(0, added),
                    removed >= 0 ? OptionalLong.of(removed) : OptionalLong.empty(), e.path("totalCores").asInt(0)));
        }
        return out;
    }

    private static Map<String, String> pairs(JsonNode list) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode pair : list) {
            if (pair.isArray() && pair.size() == 2) {
                out.put(pair.get(0).asText(), pair.get(1).asText());
            }
        }
        return out;
    }

    private static long time(JsonNode date) {
        if (date.isMissingNode() || date.isNull() || date.asText().isEmpty()) {
            return -1;
        }
        return Instant.from(DATE.parse(date.asText())).toEpochMilli();
    }
}
