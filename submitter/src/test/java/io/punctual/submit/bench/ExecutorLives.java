package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tests' own reading of an event log's executors, straight from its JSON lines and independent of the history
 * estimator's parser: what the benchmark's executor-seconds are checked against.
 *
 * @param lives each executor's {added ms, removed ms (-1 when never removed), cores}, by executor id
 * @param endMs the application's end
 * @param requested the {@code spark.executor.instances} the application was launched with, -1 when unset
 */
public record ExecutorLives(Map<String, long[]> lives, long endMs, int requested) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static ExecutorLives read(Path log) throws IOException {
        Map<String, long[]> lives = new HashMap<>();
        long end = -1;
        int requested = -1;
        for (String line : lines(log)) {
            JsonNode event = JSON.readTree(line);
            switch (event.path("Event").asText()) {
                case "SparkListenerExecutorAdded" -> lives.put(event.get("Executor ID").asText(), new long[] {
                        event.get("Timestamp").asLong(), -1, event.at("/Executor Info/Total Cores").asLong()});
                case "SparkListenerExecutorRemoved" -> lives.get(event.get("Executor ID").asText())[1] =
                        event.get("Timestamp").asLong();
                case "SparkListenerApplicationEnd" -> end = event.get("Timestamp").asLong();
                case "SparkListenerEnvironmentUpdate" -> requested = event.at("/Spark Properties")
                        .path("spark.executor.instances").asInt(-1);
                default -> { }
            }
        }
        return new ExecutorLives(lives, end, requested);
    }

    /** The log's lines; a copy a report keeps is zstd-compressed ({@code .zstd} in its name). */
    private static List<String> lines(Path log) throws IOException {
        if (!log.getFileName().toString().matches(".*\\.zstd(\\.inprogress)?")) {
            return Files.readAllLines(log);
        }
        try (var in = new com.github.luben.zstd.ZstdInputStream(Files.newInputStream(log))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** Σ lifetime × cores, an executor never removed living to the application's end. */
    public double executorSeconds() {
        double seconds = 0;
        for (long[] life : lives.values()) {
            seconds += ((life[1] < 0 ? endMs : life[1]) - life[0]) / 1000.0 * life[2];
        }
        return seconds;
    }
}
