package io.punctual.history.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The test's own oracle: a naive scan of an event log that reads every line into a JSON tree and counts, with no
 * code shared with the parser under test.
 */
public record PlainScan(String appId, String attemptId, String sparkVersion, boolean started, boolean ended,
                        long wallTimeMs, long taskEnds, long taskTimeMs, int stages, int executorsMax,
                        long inputBytes) {

    public static PlainScan of(InputStream in) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        String appId = null;
        String attempt = null;
        String version = null;
        long start = -1;
        long end = -1;
        long tasks = 0;
        long taskTime = 0;
        long input = 0;
        Set<Integer> stageIds = new HashSet<>();
        List<long[]> executorChanges = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            JsonNode e;
            try {
                e = mapper.readTree(line);
            } catch (IOException notJson) {
                continue;
            }
            if (e == null) {
                continue;
            }
            switch (e.path("Event").asText()) {
                case "SparkListenerLogStart" -> version = e.path("Spark Version").asText();
                case "SparkListenerApplicationStart" -> {
                    appId = e.path("App ID").asText(null);
                    attempt = e.path("App Attempt ID").asText(null);
                    start = e.path("Timestamp").asLong();
                }
                case "SparkListenerApplicationEnd" -> end = e.path("Timestamp").asLong();
                case "SparkListenerStageSubmitted" -> stageIds.add(e.path("Stage Info").path("Stage ID").asInt());
                case "SparkListenerTaskEnd" -> {
                    tasks++;
                    JsonNode info = e.path("Task Info");
                    taskTime += info.path("Finish Time").asLong() - info.path("Launch Time").asLong();
                    stageIds.add(e.path("Stage ID").asInt());
                    input += e.path("Task Metrics").path("Input Metrics").path("Bytes Read").asLong(0);
                }
                case "SparkListenerExecutorAdded" -> executorChanges.add(new long[] {e.path("Timestamp").asLong(), 1});
                case "SparkListenerExecutorRemoved" -> executorChanges.add(new long[] {e.path("Timestamp").asLong(), -1});
                default -> { }
            }
        }
        executorChanges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int alive = 0;
        int max = 0;
        for (long[] change : executorChanges) {
            alive += (int) change[1];
            max = Math.max(max, alive);
        }
        return new PlainScan(appId, attempt, version, start >= 0, end >= 0, end >= 0 ? end - start : -1, tasks,
                taskTime, stageIds.size(), max, input);
    }
}
