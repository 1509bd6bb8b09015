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
    private final ApplicationEvents application;

    EventDecoder(JsonFactory json, RunAssembler run) {
        this.json = json;
        this.run = run;
        this.application = new ApplicationEvents(run);
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
                case EXECUTOR_ADDED -> application.executorAdded(p);
                case EXECUTOR_REMOVED -> application.executorRemoved(p);
                case ENVIRONMENT_UPDATE -> application.environment(p);
                case APPLICATION_START -> application.applicationStart(p);
                case APPLICATION_END -> application.applicationEnd(p);
                case LOG_START -> application.logStart(p);
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
                case "Task End Reason" -> e.reason = JsonValues.fieldOf(p, value, "Reason");
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
                case "Input Metrics" -> e.inputBytes += JsonValues.sumOf(p, "Bytes Read", null);
                case "Shuffle Read Metrics" -> e.shuffleReadBytes += JsonValues.sumOf(p, "Remote Bytes Read", "Local Bytes Read");
                case "Shuffle Write Metrics" -> e.shuffleWriteBytes += JsonValues.sumOf(p, "Shuffle Bytes Written", null);
                default -> p.skipChildren();
            }
        }
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
                case "Parent IDs" -> parents = JsonValues.intArray(p, value);
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
                case "Stage IDs" -> stageIds = JsonValues.intArray(p, value);
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
                case "Job Result" -> result = JsonValues.fieldOf(p, value, "Result");
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

}
