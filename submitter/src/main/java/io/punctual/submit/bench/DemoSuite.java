package io.punctual.submit.bench;

import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A two-job suite over the demo's applications — the word count over Zipf text, and a synthetic chain of stages —
 * for trying {@code punctual bench} in minutes and for its own tests; PUMA and TPC-DS are the real suites.
 */
public final class DemoSuite implements BenchSuite {

    /** One scale's sizes: text for the word count, and the stage chain's shape. */
    private record Scale(int textMb, int partitions, int stages, int tasks, int taskMs) {
    }

    private static final Map<String, Scale> SCALES = Map.of(
            "tiny", new Scale(8, 8, 2, 8, 400),
            "small", new Scale(64, 16, 3, 16, 1000));

    @Override
    public String name() {
        return "demo";
    }

    @Override
    public List<String> jobs() {
        return List.of("wordcount", "stages");
    }

    @Override
    public List<String> scales() {
        return List.of("tiny", "small");
    }

    @Override
    public void check(List<String> jobs, String scale) {
        for (String job : jobs) {
            if (!jobs().contains(job)) {
                throw new IllegalArgumentException("the demo suite has no job '" + job + "'; its jobs are "
                        + String.join(", ", jobs()));
            }
        }
        if (!SCALES.containsKey(scale)) {
            throw new IllegalArgumentException("the demo suite has no scale '" + scale + "'; its scales are "
                    + String.join(", ", scales()));
        }
    }

    @Override
    public List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed) {
        check(jobs, scale);
        if (jobs.contains("wordcount")) {
            DemoInput.ensure(words(dataRoot, scale), SCALES.get(scale).textMb(), seed);
        }
        return List.of();
    }

    @Override
    public SparkApp app(String job, Path dataRoot, String scale, Path output) {
        check(List.of(job), scale);
        Scale s = SCALES.get(scale);
        if (job.equals("wordcount")) {
            return new SparkApp(job, "io.punctual.workloads.WordCount", List.of(words(dataRoot, scale).toUri()
                    .toString(), Integer.toString(s.partitions()), output.toUri().toString()));
        }
        return new SparkApp(job, "io.punctual.workloads.SyntheticStages", List.of(Integer.toString(s.stages()),
                Integer.toString(s.tasks()), Integer.toString(s.taskMs()), "0.1", "7"));
    }

    private static Path words(Path dataRoot, String scale) {
        return dataRoot.resolve("demo").resolve(scale).resolve("words");
    }
}
