package io.punctual.history;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes event-log lines the way Spark 3.x does (field names, nesting, "Event" first), for tests that need logs
 * with a precise shape: so many stages and tasks, a missing event here, a corrupt line there.
 */
public final class SyntheticLog {

    private final List<String> lines = new ArrayList<>();
    private long taskId;

    public SyntheticLog logStart(String version) {
        return add("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"" + version + "\"}");
    }

    public SyntheticLog environment(String... keyValues) {
        StringBuilder props = new StringBuilder();
        for (int i = 0; i < keyValues.length; i += 2) {
            props.append(i == 0 ? "" : ",").append('"').append(keyValues[i]).append("\":\"").append(keyValues[i + 1]).append('"');
        }
        return add("{\"Event\":\"SparkListenerEnvironmentUpdate\",\"JVM Information\":{\"Java Version\":\"17\"},"
                + "\"Spark Properties\":{" + props + "},\"Hadoop Properties\":{},\"System Properties\":"
                + "{\"sun.java.command\":\"org.apache.spark.deploy.SparkSubmit --class com.example.Daily app.jar\"},"
                + "\"Classpath Entries\":{}}");
    }

    public SyntheticLog appStart(String appId, String attempt, long time) {
        return add("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"daily\",\"App ID\":\"" + appId + "\","
                + "\"Timestamp\":" + time + ",\"User\":\"alice\"" + (attempt == null ? "" : ",\"App Attempt ID\":\"" + attempt + "\"") + "}");
    }

    public SyntheticLog executor(String id, long time, int cores) {
        return add("{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + time + ",\"Executor ID\":\"" + id
                + "\",\"Executor Info\":{\"Host\":\"h\",\"Total Cores\":" + cores + ",\"Log Urls\":{}}}");
    }

    public SyntheticLog jobStart(int jobId, long time, int... stageIds) {
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < stageIds.length; i++) {
            ids.append(i == 0 ? "" : ",").append(stageIds[i]);
        }
        return add("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + jobId + ",\"Submission Time\":" + time
                + ",\"Stage Infos\":[],\"Stage IDs\":[" + ids + "],\"Properties\":{}}");
    }

    public SyntheticLog jobEnd(int jobId, long time) {
        return add("{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":" + jobId + ",\"Completion Time\":" + time
                + ",\"Job Result\":{\"Result\":\"JobSucceeded\"}}");
    }

    public SyntheticLog stageSubmitted(int stageId, int tasks, long time, int... parents) {
        return add("{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":" + stageInfo(stageId, tasks, time, -1, parents)
                + ",\"Properties\":{}}");
    }

    public SyntheticLog stageCompleted(int stageId, int tasks, long submitted, long completed, int... parents) {
        return add("{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":"
                + stageInfo(stageId, tasks, submitted, completed, parents) + "}");
    }

    /** A task start and its end: launched at {@code launch}, {@code millis} long, reading {@code inputBytes}. */
    public SyntheticLog task(int stageId, int index, long launch, long millis, long inputBytes) {
        taskStart(stageId, index, launch);
        return taskEnd(stageId, index, launch, millis, inputBytes, "Success");
    }

    public SyntheticLog taskStart(int stageId, int index, long launch) {
        return add("{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":" + stageId + ",\"Stage Attempt ID\":0,"
                + "\"Task Info\":{\"Task ID\":" + (taskId + 1) + ",\"Index\":" + index + ",\"Launch Time\":" + launch + "}}");
    }

    public SyntheticLog taskEnd(int stageId, int index, long launch, long millis, long inputBytes, String reason) {
        long id = ++taskId;
        return add("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":" + stageId + ",\"Stage Attempt ID\":0,"
                + "\"Task Type\":\"ResultTask\",\"Task End Reason\":{\"Reason\":\"" + reason + "\"},\"Task Info\":{\"Task ID\":"
                + id + ",\"Index\":" + index + ",\"Attempt\":0,\"Launch Time\":" + launch + ",\"Executor ID\":\"1\","
                + "\"Finish Time\":" + (launch + millis) + ",\"Failed\":" + !reason.equals("Success") + ",\"Killed\":false,"
                + "\"Accumulables\":[{\"ID\":1,\"Name\":\"x\",\"Update\":\"1\",\"Value\":\"1\"}]},"
                + "\"Task Metrics\":{\"Executor Run Time\":" + millis + ",\"Input Metrics\":{\"Bytes Read\":" + inputBytes
                + ",\"Records Read\":1},\"Shuffle Read Metrics\":{\"Remote Bytes Read\":0,\"Local Bytes Read\":0},"
                + "\"Shuffle Write Metrics\":{\"Shuffle Bytes Written\":0}}}");
    }

    public SyntheticLog appEnd(long time) {
        return add("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + time + "}");
    }

    /** Any line at all: a custom event, garbage, half a line. */
    public SyntheticLog add(String line) {
        lines.add(line);
        return this;
    }

    /**
     * A finished one-job application: stage 0 with {@code tasks} tasks of {@code millis} ms each on one
     * executor, then stage 1 (after it) with one task.
     */
    public static SyntheticLog simpleApp(String appId, int tasks, long millis) {
        SyntheticLog log = new SyntheticLog().logStart("3.5.6").environment("spark.executor.cores", "2")
                .appStart(appId, null, 1_000).executor("1", 1_500, 2).jobStart(0, 2_000, 0, 1)
                .stageSubmitted(0, tasks, 2_000);
        for (int i = 0; i < tasks; i++) {
            log.task(0, i, 2_000 + i * millis, millis, 100);
        }
        long stage1 = 2_000 + tasks * millis;
        return log.stageCompleted(0, tasks, 2_000, stage1).stageSubmitted(1, 1, stage1, 0)
                .task(1, 0, stage1, millis, 0).stageCompleted(1, 1, stage1, stage1 + millis, 0)
                .jobEnd(0, stage1 + millis).appEnd(stage1 + millis + 500);
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    public String text() {
        return String.join("\n", lines) + "\n";
    }

    public byte[] bytes() {
        return text().getBytes(StandardCharsets.UTF_8);
    }

    private static String stageInfo(int stageId, int tasks, long submitted, long completed, int... parents) {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < parents.length; i++) {
            p.append(i == 0 ? "" : ",").append(parents[i]);
        }
        return "{\"Stage ID\":" + stageId + ",\"Stage Attempt ID\":0,\"Stage Name\":\"stage " + stageId + "\","
                + "\"Number of Tasks\":" + tasks + ",\"RDD Info\":[],\"Parent IDs\":[" + p + "],\"Details\":\"\","
                + "\"Submission Time\":" + submitted + (completed >= 0 ? ",\"Completion Time\":" + completed : "")
                + ",\"Accumulables\":[]}";
    }
}
