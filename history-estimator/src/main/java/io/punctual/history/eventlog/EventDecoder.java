package io.punctual.history.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the few events the model needs out of single JSON lines with Jackson's streaming parser, straight from
 * the line's bytes. Every other field is skipped without being decoded; no Spark listener classes are involved.
 * A malformed line surfaces as an {@link IOException} for the caller to count.
 */
final class EventDecoder {

    private final JsonFactory json;
    private final RunAssembler run;
    private final TaskEndEvent taskEnd = new TaskEndEvent();

    EventDecoder(JsonFactory json, RunAssembler run) {
        this.json = json;
        this.run = run;
    }

    /** Decodes one line already known to hold {@code event}; returns false when the event is not one we read. */
    boolean decode(EventName event, byte[] bytes, int offset, int length) throws IOException {
        try (JsonParser p = json.createParser(bytes, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            switch (event) {
                case TASK_END -> taskEnd(p);
                case TASK_START -> taskStart(p);
                case STAGE_SUBMITTED -> stage(p, true);
                case STAGE_COMPLETED -> stage(p, false);
                case JOB_START -> jobStart(p);
                case JOB_END -> jobEnd(p);
                case EXECUTOR_ADDED -> executorAdded(p);
                case EXECUTOR_REMOVED -> executorRemoved(p);
                case ENVIRONMENT_UPDATE -> environment(p);
                case APPLICATION_START -> applicationStart(p);
                case APPLICATION_END -> applicationEnd(p);
                case LOG_START -> logStart(p);
                default -> {
                    return false;
                }
            }
            if (p.nextToken() != null) {
                throw new IOException("trailing content after the event");
            }
            return true;
        }
    }

    /** The fields of one task-end line, read by Jackson (the reference the fast path is tested against). */
    void readTaskEnd(byte[] bytes, int offset, int length, TaskEndEvent into) throws IOException {
        try (JsonParser p = json.createParser(bytes, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            readTaskEnd(p, into);
            if (p.nextToken() != null) {
                throw new IOException("trailing content after the event");
            }
        }
    }

    private void taskEnd(JsonParser p) throws IOException {
        readTaskEnd(p, taskEnd);
        run.taskEnded(taskEnd);
    }

    private static void readTaskEnd(JsonParser p, TaskEndEvent e) throws IOException {
        e.reset();
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Stage ID" -> e.stageId = p.getIntValue();
                case "Stage Attempt ID" -> e.stageAttemptId = p.getIntValue();
                case "Task End Reason" -> e.reason = fieldOf(p, value, "Reason");
                case "Task Info" -> taskInfo(p, e);
                case "Task Metrics" -> taskMetrics(p, e);
                default -> p.skipChildren();
            }
        }
        if (e.stageId < 0) {
            throw new IOException("task end without a stage id");
        }
    }

    private static void taskInfo(JsonParser p, TaskEndEvent e) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Launch Time" -> e.launchMs = p.getLongValue();
                case "Finish Time" -> e.finishMs = p.getLongValue();
                case "Index" -> e.index = p.getIntValue();
                case "Failed" -> e.failedFlag = p.getBooleanValue();
                case "Killed" -> e.killedFlag = p.getBooleanValue();
                default -> p.skipChildren();
            }
        }
    }

    private static void taskMetrics(JsonParser p, TaskEndEvent e) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Input Metrics" -> e.inputBytes += sumOf(p, "Bytes Read", null);
                case "Shuffle Read Metrics" -> e.shuffleReadBytes += sumOf(p, "Remote Bytes Read", "Local Bytes Read");
                case "Shuffle Write Metrics" -> e.shuffleWriteBytes += sumOf(p, "Shuffle Bytes Written", null);
                default -> p.skipChildren();
            }
        }
    }

    /** Sums up to two numeric fields of the object at the cursor, skipping the rest. */
    private static long sumOf(JsonParser p, String first, String second) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return 0;
        }
        long sum = 0;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            if ((f.equals(first) || f.equals(second)) && value.isNumeric()) {
                sum += p.getLongValue();
            } else {
                p.skipChildren();
            }
        }
        return sum;
    }

    private void taskStart(JsonParser p) throws IOException {
        int stageId = -1;
        int attempt = 0;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Stage ID" -> stageId = p.getIntValue();
                case "Stage Attempt ID" -> attempt = p.getIntValue();
                default -> p.skipChildren();
            }
        }
        if (stageId >= 0) {
            run.stage(stageId).attempt(attempt).starts++;
        }
    }

    private void stage(JsonParser p, boolean submitted) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals("Stage Info")) {
                StageInfo info = stageInfo(p);
                StageState stage = run.stage(info.stageId);
                stage.describe(info.attemptId, info.name, info.numTasks, info.parents);
                StageState.Attempt attempt = stage.attempt(info.attemptId);
                if (submitted) {
                    attempt.submitted = true;
                } else {
                    attempt.completed = true;
                    attempt.failureReason = info.failureReason;
                }
            } else {
                p.skipChildren();
            }
        }
    }

    /** The parts of a "Stage Info" object we read. */
    private record StageInfo(int stageId, int attemptId, String name, int numTasks, List<Integer> parents,
                             String failureReason) {
    }

    private static StageInfo stageInfo(JsonParser p) throws IOException {
        int stageId = -1;
        int attemptId = 0;
        int numTasks = -1;
        String name = null;
        String failure = null;
        List<Integer> parents = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Stage ID" -> stageId = p.getIntValue();
                case "Stage Attempt ID" -> attemptId = p.getIntValue();
                case "Stage Name" -> name = p.getValueAsString();
                case "Number of Tasks" -> numTasks = p.getIntValue();
                case "Parent IDs" -> parents = intArray(p, value);
                case "Failure Reason" -> failure = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        if (stageId < 0) {
            throw new IOException("stage info without a stage id");
        }
        return new StageInfo(stageId, attemptId, name, numTasks, parents, failure);
    }

    private void jobStart(JsonParser p) throws IOException {
        int jobId = -1;
        long submitted = -1;
        List<Integer> stageIds = null;
        List<StageInfo> infos = new ArrayList<>();
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Job ID" -> jobId = p.getIntValue();
                case "Submission Time" -> submitted = p.getLongValue();
                case "Stage IDs" -> stageIds = intArray(p, value);
                case "Stage Infos" -> {
                    if (value == JsonToken.START_ARRAY) {
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            infos.add(stageInfo(p));
                        }
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (jobId < 0) {
            throw new IOException("job start without a job id");
        }
        RunAssembler.JobState job = run.job(jobId);
        job.submitMs = submitted;
        List<Integer> ids = new ArrayList<>();
        for (StageInfo info : infos) {
            run.stage(info.stageId).describe(info.attemptId, info.name, -1, info.parents);
            ids.add(info.stageId);
        }
        job.stageIds = stageIds != null ? stageIds : ids;
    }

    private void jobEnd(JsonParser p) throws IOException {
        int jobId = -1;
        long completed = -1;
        String result = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Job ID" -> jobId = p.getIntValue();
                case "Completion Time" -> completed = p.getLongValue();
                case "Job Result" -> result = fieldOf(p, value, "Result");
                default -> p.skipChildren();
            }
        }
        if (jobId < 0) {
            throw new IOException("job end without a job id");
        }
        RunAssembler.JobState job = run.job(jobId);
        job.ended = true;
        job.endMs = completed;
        job.succeeded = "JobSucceeded".equals(result);
    }

    private void executorAdded(JsonParser p) throws IOException {
        long time = -1;
        String id = null;
        int cores = 0;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Timestamp" -> time = p.getLongValue();
                case "Executor ID" -> id = p.getValueAsString();
                case "Executor Info" -> cores = (int) sumOf(p, "Total Cores", null);
                default -> p.skipChildren();
            }
        }
        if (id == null) {
            throw new IOException("executor added without an executor id");
        }
        run.executors.putIfAbsent(id, new RunAssembler.ExecutorState(id, time, cores));
    }

    private void executorRemoved(JsonParser p) throws IOException {
        long time = -1;
        String id = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Timestamp" -> time = p.getLongValue();
                case "Executor ID" -> id = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        RunAssembler.ExecutorState executor = id == null ? null : run.executors.get(id);
        if (executor != null) {
            executor.removedMs = java.util.OptionalLong.of(time);
        }
    }

    private void environment(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Spark Properties" -> properties(p, value, true);
                case "System Properties" -> properties(p, value, false);
                default -> p.skipChildren();
            }
        }
    }

    /** Reads a property map written as an object, or as an array of [key, value] pairs. */
    private void properties(JsonParser p, JsonToken value, boolean spark) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                p.nextToken();
                keep(key, p, spark);
            }
        } else if (value == JsonToken.START_ARRAY) {
            while (p.nextToken() == JsonToken.START_ARRAY) {
                p.nextToken();
                String key = p.getValueAsString();
                p.nextToken();
                keep(key, p, spark);
                p.nextToken();
            }
        } else {
            p.skipChildren();
        }
    }

    private void keep(String key, JsonParser p, boolean spark) throws IOException {
        if (spark && key != null && RunAssembler.keepsProperty(key)) {
            run.properties.put(key, p.getValueAsString());
        } else if (!spark && "sun.java.command".equals(key)) {
            run.javaCommand = p.getValueAsString();
        } else {
            p.skipChildren();
        }
    }

    private void applicationStart(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "App Name" -> run.appName = p.getValueAsString();
                case "App ID" -> run.appId = p.getValueAsString();
                case "Timestamp" -> run.startMs = p.getLongValue();
                case "User" -> run.user = p.getValueAsString();
                case "App Attempt ID" -> run.attemptId = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        run.started = true;
    }

    private void applicationEnd(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals("Timestamp")) {
                run.endMs = p.getLongValue();
            } else {
                p.skipChildren();
            }
        }
    }

    private void logStart(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals("Spark Version")) {
                run.sparkVersion = p.getValueAsString();
            } else {
                p.skipChildren();
            }
        }
    }

    /** A string field of the object at the cursor (e.g. "Reason" of "Task End Reason"), skipping the rest. */
    private static String fieldOf(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.START_OBJECT) {
            p.skipChildren();
            return null;
        }
        String found = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals(field)) {
                found = p.getValueAsString();
            } else {
                p.skipChildren();
            }
        }
        return found;
    }

    private static List<Integer> intArray(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t == null) {
                throw new IOException("unterminated array");
            }
            if (t == JsonToken.VALUE_NUMBER_INT) {
                out.add(p.getIntValue());
            } else {
                p.skipChildren();
            }
        }
        return out;
    }
}
