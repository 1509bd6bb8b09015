package io.punctual.history.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.DeadlineAsk;
import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.JobRun;
import io.punctual.history.run.LogIntegrity;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.RunTotals;
import io.punctual.history.run.SourceInfo;
import io.punctual.history.run.StageRun;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The stored form of a {@link RunRecord} (format 1), explicit so the Java types can change without migrations. Every
 * store writes it: the files of {@link FileHistoryStore} and a shared database's rows hold the same bytes.
 */
public final class RunRecordJson {

    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunRecordJson() {
    }

    public static byte[] write(RunRecord r) throws IOException {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("format", FORMAT);
        o.put("appId", r.id().appId());
        o.put("attemptId", r.id().attemptId().orElse(null));
        o.put("team", r.jobKey().team());
        o.put("job", r.jobKey().name());
        o.put("appName", r.appName());
        o.put("sparkVersion", r.sparkVersion().orElse(null));
        o.put("user", r.user());
        o.put("startMs", r.startMs());
        putOptional(o, "endMs", r.endMs());
        o.put("coresPerExecutor", r.coresPerExecutor());
        o.put("taskCpus", r.taskCpus());
        writeExecutors(o.putArray("executors"), r.executors());
        writeJobs(o.putArray("jobs"), r.jobs());
        writeStages(o.putArray("stages"), r.stages());
        RunTotals t = r.totals();
        o.putObject("totals").put("tasks", t.tasks()).put("failedTasks", t.failedTasks()).put("taskTimeMs", t.taskTimeMs())
                .put("inputBytes", t.inputBytes()).put("shuffleReadBytes", t.shuffleReadBytes())
                .put("shuffleWriteBytes", t.shuffleWriteBytes());
        LogIntegrity i = r.integrity();
        ObjectNode integrity = o.putObject("integrity").put("complete", i.complete()).put("lines", i.lines())
                .put("corruptLines", i.corruptLines()).put("truncatedTail", i.truncatedTail())
                .put("unknownEvents", i.unknownEvents());
        i.problems().forEach(integrity.putArray("problems")::add);
        o.put("excludedReason", r.excludedReason().orElse(null));
        r.asked().ifPresent(a -> {
            ObjectNode asked = o.putObject("asked").put("deadlineMs", a.deadlineMs());
            a.confidence().ifPresent(c -> asked.put("confidence", c));
        });
        SourceInfo s = r.source();
        o.putObject("source").put("uri", s.uri()).put("sizeBytes", s.sizeBytes()).put("modifiedMs", s.modifiedMs())
                .put("fingerprint", s.fingerprint());
        return MAPPER.writeValueAsBytes(o);
    }

    private static void writeExecutors(ArrayNode executors, List<ExecutorSpan> spans) {
        for (ExecutorSpan e : spans) {
            ObjectNode x = executors.addObject().put("id", e.executorId()).put("addedMs", e.addedMs()).put("cores", e.cores());
            putOptional(x, "removedMs", e.removedMs());
        }
    }

    private static void writeJobs(ArrayNode jobs, List<JobRun> list) {
        for (JobRun j : list) {
            ObjectNode x = jobs.addObject().put("jobId", j.jobId()).put("startMs", j.startMs()).put("endMs", j.endMs())
                    .put("succeeded", j.succeeded());
            j.stageIds().forEach(x.putArray("stageIds")::add);
        }
    }

    private static void writeStages(ArrayNode stages, List<StageRun> list) {
        for (StageRun s : list) {
            ObjectNode x = stages.addObject().put("stageId", s.stageId()).put("name", s.name())
                    .put("numTasks", s.numTasks()).put("attempts", s.attempts()).put("failedTasks", s.failedTasks())
                    .put("firstLaunchMs", s.firstLaunchMs()).put("lastFinishMs", s.lastFinishMs());
            s.parentIds().forEach(x.putArray("parentIds")::add);
            ArrayNode millis = x.putArray("taskMillis");
            for (int ms : s.taskMillis()) {
                millis.add(ms);
            }
        }
    }

    /** Reads a record; a missing or mistyped field is an {@link IOException} naming it. */
    public static RunRecord read(byte[] body) throws IOException {
        JsonNode o = MAPPER.readTree(body);
        if (o == null || !o.isObject()) {
            throw new IOException("not a JSON object");
        }
        int format = o.path("format").asInt(-1);
        if (format != FORMAT) {
            throw new IOException("record format " + format + " is not the supported " + FORMAT);
        }
        try {
            return new RunRecord(RunId.of(text(o, "appId"), nullable(o, "attemptId")),
                    new JobKey(text(o, "team"), text(o, "job")), text(o, "appName"),
                    Optional.ofNullable(nullable(o, "sparkVersion")), text(o, "user"), number(o, "startMs"),
                    optionalLong(o, "endMs"), (int) number(o, "coresPerExecutor"), (int) number(o, "taskCpus"),
                    executors(o.path("executors")), jobs(o.path("jobs")), stages(o.path("stages")), totals(o.path("totals")),
                    integrity(o.path("integrity")), Optional.ofNullable(nullable(o, "excludedReason")), source(o.path("source")),
                    asked(o.path("asked")));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IOException("invalid record: " + e.getMessage(), e);
        }
    }

    /** Absent in records written before deadlines were kept, and for runs submitted without one. */
    private static Optional<DeadlineAsk> asked(JsonNode a) {
        if (!a.isObject() || !a.path("deadlineMs").canConvertToLong()) {
            return Optional.empty();
        }
        JsonNode c = a.path("confidence");
        return Optional.of(new DeadlineAsk(a.path("deadlineMs").asLong(),
                c.isNumber() ? OptionalDouble.of(c.asDouble()) : OptionalDouble.empty()));
    }

    private static List<ExecutorSpan> executors(JsonNode list) throws IOException {
        List<ExecutorSpan> out = new ArrayList<>();
        for (JsonNode e : list) {
            out.add(new ExecutorSpan(text(e, "id"), number(e, "addedMs"), optionalLong(e, "removedMs"), (int) number(e, "cores")));
        }
        return out;
    }

    private static List<JobRun> jobs(JsonNode list) throws IOException {
        List<JobRun> out = new ArrayList<>();
        for (JsonNode j : list) {
            out.add(new JobRun((int) number(j, "jobId"), number(j, "startMs"), number(j, "endMs"), ints(j.path("stageIds")),
                    j.path("succeeded").asBoolean()));
        }
        return out;
    }

    private static List<StageRun> stages(JsonNode list) throws IOException {
        List<StageRun> out = new ArrayList<>();
        for (JsonNode s : list) {
            JsonNode millis = s.path("taskMillis");
            int[] taskMillis = new int[millis.size()];
            for (int k = 0; k < taskMillis.length; k++) {
                taskMillis[k] = millis.get(k).asInt();
            }
            out.add(new StageRun((int) number(s, "stageId"), text(s, "name"), (int) number(s, "numTasks"),
                    (int) number(s, "attempts"), ints(s.path("parentIds")), taskMillis, (int) number(s, "failedTasks"),
                    number(s, "firstLaunchMs"), number(s, "lastFinishMs")));
        }
        return out;
    }

    private static RunTotals totals(JsonNode t) throws IOException {
        return new RunTotals(number(t, "tasks"), number(t, "failedTasks"), number(t, "taskTimeMs"), number(t, "inputBytes"),
                number(t, "shuffleReadBytes"), number(t, "shuffleWriteBytes"));
    }

    private static LogIntegrity integrity(JsonNode i) throws IOException {
        List<String> problems = new ArrayList<>();
        i.path("problems").forEach(p -> problems.add(p.asText()));
        return new LogIntegrity(i.path("complete").asBoolean(), number(i, "lines"), number(i, "corruptLines"),
                i.path("truncatedTail").asBoolean(), number(i, "unknownEvents"), problems);
    }

    private static SourceInfo source(JsonNode s) throws IOException {
        return new SourceInfo(text(s, "uri"), number(s, "sizeBytes"), number(s, "modifiedMs"), text(s, "fingerprint"));
    }

    private static void putOptional(ObjectNode o, String field, OptionalLong value) {
        if (value.isPresent()) {
            o.put(field, value.getAsLong());
        } else {
            o.putNull(field);
        }
    }

    private static String text(JsonNode o, String field) throws IOException {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual()) {
            throw new IOException("field '" + field + "' is missing or not text");
        }
        return v.asText();
    }

    private static String nullable(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static long number(JsonNode o, String field) throws IOException {
        JsonNode v = o.get(field);
        if (v == null || !v.isIntegralNumber()) {
            throw new IOException("field '" + field + "' is missing or not a whole number");
        }
        return v.asLong();
    }

    private static OptionalLong optionalLong(JsonNode o, String field) throws IOException {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? OptionalLong.empty() : OptionalLong.of(number(o, field));
    }

    private static List<Integer> ints(JsonNode list) {
        List<Integer> out = new ArrayList<>();
        list.forEach(v -> out.add(v.asInt()));
        return out;
    }
}
