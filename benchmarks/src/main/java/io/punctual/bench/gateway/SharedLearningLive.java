package io.punctual.bench.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Two gateways ({@code bin/punctual serve}, each with its own {@code PUNCTUAL_HOME}, as on two hosts) over one
 * PostgreSQL and the embedded YARN: a job is sized by a dry run through each gateway, run for real through the one
 * that does not lead (the lead launches it and learns from it), and sized through each again. With the learned state
 * in the database both gateways must size it the same way, from the runs; before, the other gateway's home had none.
 *
 * <pre>benchmarks/scripts/two-gateways.sh --learning [--runs 4] [--out file.md]</pre>
 */
public final class SharedLearningLive {

    private SharedLearningLive() {
    }

    /** One dry run's sizing, as a client reads it. */
    private record Sized(String gateway, String when, String verdict, int executors, String sizedBy,
                         long holdSeconds, double predictedSeconds) {
    }

    public static void main(String[] argv) throws Exception {
        int runs = Integer.parseInt(GatewayNode.option(argv, "--runs", "4"));
        Instant started = Instant.now();
        try (TwoGateways gateways = TwoGateways.start(argv, "punctual-shared-learning")) {
            String jar = gateways.workloadsJar();
            List<Sized> sized = new ArrayList<>();
            sized.add(dryRun(gateways.lead, "lead", "before any run", jar));
            sized.add(dryRun(gateways.other, "other", "before any run", jar));
            List<String> finished = new ArrayList<>();
            for (int i = 1; i <= runs; i++) {
                finished.add(runThrough(gateways.other, i, jar));
                sized.add(dryRun(gateways.lead, "lead", "after run " + i, jar));
                sized.add(dryRun(gateways.other, "other", "after run " + i, jar));
            }
            gateways.publish(argv, "benchmarks/results/two-gateways-learning.md", report(runs, sized, finished,
                    localRuns(gateways.one.home()) + localRuns(gateways.two.home()),
                    Duration.between(started, Instant.now())));
        }
    }

    private static String body(String jar) {
        return "{\"file\":\"" + jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\",\"args\":"
                + "[\"2\",\"4\",\"4000\"],\"name\":\"learnt-job\",\"conf\":{\"spark.deadline.by\":\"10m\"}}";
    }

    private static Sized dryRun(GatewayNode node, String name, String when, String jar) throws Exception {
        Instant asked = Instant.now();
        JsonNode b = GatewayNode.JSON.readTree(node.send("POST", "/batches?dryRun=true", body(jar), null).body());
        double predicted = b.path("predictedFinish").isTextual() ? Duration.between(asked,
                Instant.parse(b.path("predictedFinish").asText())).toMillis() / 1000.0 : Double.NaN;
        return new Sized(name, when, b.path("admission").path("verdict").asText(), b.path("executors").asInt(),
                b.path("sizedBy").asText(), b.path("plannedReservation").path("holdSeconds").asLong(), predicted);
    }

    /** Runs the job through {@code node} and waits until the lead has learnt from it (the batch's log says so). */
    private static String runThrough(GatewayNode node, int index, String jar) throws Exception {
        JsonNode created = GatewayNode.JSON.readTree(node.send("POST", "/batches", body(jar), "learn-" + index)
                .body());
        int id = created.path("id").asInt();
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(10));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = GatewayNode.JSON.readTree(node.send("GET", "/batches/" + id, null, null).body());
            String state = batch.path("state").asText();
            List<String> log = new ArrayList<>();
            GatewayNode.JSON.readTree(node.send("GET", "/batches/" + id + "/log?size=1000", null, null).body())
                    .path("log").forEach(line -> log.add(line.asText()));
            boolean taught = log.stream().anyMatch(l -> l.contains("stored run") || l.contains("taught nothing")
                    || l.contains("could not be recorded"));
            if (state.equals("dead") || state.equals("killed") || state.equals("success") && taught) {
                return "run " + index + ": batch " + id + " " + state + ", " + learnt(log);
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("batch " + id + " did not finish and teach within 10 minutes");
    }

    private static String learnt(List<String> log) {
        return log.stream().filter(l -> l.contains("stored run") || l.contains("taught") || l.contains("recorded"))
                .reduce((a, b) -> b).map(l -> l.replaceAll("^.*?(stored run|what the run)", "$1"))
                .orElse("no lesson in its log");
    }

    /** Run records in a home's own history: with the database configured there must be none. */
    private static long localRuns(Path home) throws Exception {
        Path runs = home.resolve("history/runs");
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(runs)) {
            return files.filter(p -> p.toString().endsWith(".run")).count();
        }
    }

    private static String report(int runs, List<Sized> sized, List<String> finished, long localRuns, Duration wall) {
        StringBuilder table = new StringBuilder("| gateway | when | verdict | executors | sized by | hold (s) |"
                + " predicted finish (s after the dry run) |\n|---|---|---|---|---|---|---|\n");
        sized.forEach(s -> table.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s | %d | %s |%n",
                s.gateway(), s.when(), s.verdict(), s.executors(), s.sizedBy(), s.holdSeconds(),
                Double.isNaN(s.predictedSeconds()) ? "none" : String.format(Locale.ROOT, "%.1f",
                        s.predictedSeconds()))));
        return String.format(Locale.ROOT, """
                # Two gateways over one PostgreSQL learn the same

                Measured %s with `benchmarks/scripts/two-gateways.sh --learning --runs %d`: two `bin/punctual serve`
                processes (each its own PUNCTUAL_HOME, as on two hosts) over one PostgreSQL and the embedded YARN. The
                job (`SyntheticStages` 2 stages × 4 tasks × 4 s, deadline 10 minutes, no executor count asked) is
                sized by a dry run through each gateway, run for real through the gateway that does not lead (the
                lead launches it and learns from it), and sized through each again after every run.

                %s
                Runs:
                %s

                Run records in either gateway's own home: %d%s. Wall time %.0f s.
                """, Instant.now(), runs, table, String.join("\n", finished.stream().map(f -> "- " + f).toList()),
                localRuns, localRuns == 0 ? " (all of them are in the database)"
                        : " (kept by the home that learnt them)",
                wall.toMillis() / 1000.0);
    }
}
