package io.punctual.submit.bench.report;

import io.punctual.submit.bench.QueueShare;
import io.punctual.submit.bench.RunInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.bench.BenchRow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small report directory written by hand, with numbers a reader can check on paper: two policies, seven jobs,
 * three reservations, and a Spark event log per job that ran (Spark's own JSON lines, only the events executor
 * usage needs). Times are seconds after {@link #T0}.
 *
 * <pre>
 * static   (no reservations)                          punctual (R1 2 vcores 1000–1600, R2 3 vcores 1100–1400, R3 1 vcore 2000–2100)
 * S1 wordcount arr 0   dl 600 fin 500  2c×[0,500)      P1 wordcount arr 1000 dl 1600 fin 1500 2c×[1100,1500) pred 1480 R1 wk 1
 * S2 q3        arr 100 dl 400 fin 460  2c×[160,460)    P2 q3        arr 1100 dl 1400 fin 1390 4c×[1150,1390) pred 1350 R2 wk 2
 * S3 grep      arr 200 dl 900 fin 700  3×1c×[400,end)  P3 grep      refused ("needs 9 executors; the cap is 4")     wk 1
 *                                                      P4 kmeans    failed ("executor lost") fin 1300 1c×[1000,1300) pred 1200 wk 1
 * </pre>
 */
final class ReportFixture {

    static final Instant T0 = Instant.parse("2025-01-06T09:00:00Z");
    static final ObjectMapper JSON = new ObjectMapper();

    private ReportFixture() {
    }

    static String at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1000)).toString();
    }

    /** The two policies' rows, event logs and run.json in {@code dir}; returns the rows. */
    static List<BenchRow> write(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        List<BenchRow> rows = new ArrayList<>();
        rows.add(row("static", "puma/wordcount", 0, 600, 500, true, null, 2, 1000.0, 800.0, null, 1, null));
        log(dir, "static-puma-wordcount", 0, 500, new Executor("1", 2, 0, 500L));
        rows.add(row("static", "tpcds/q3", 100, 400, 460, false, null, 1, 600.0, 300.0, null, 1, null));
        log(dir, "static-tpcds-q3", 100, 460, new Executor("1", 2, 160, 460L));
        rows.add(row("static", "puma/grep", 200, 900, 700, true, null, 3, 900.0, null, null, 1, null));
        log(dir, "static-puma-grep", 200, 700, new Executor("1", 1, 400, null), new Executor("2", 1, 400, null),
                new Executor("3", 1, 400, null));
        rows.add(row("punctual", "puma/wordcount", 1000, 1600, 1500.0, true, null, 1, 800.0, 800.0, 1480.0, 1, "R1"));
        log(dir, "punctual-puma-wordcount", 1000, 1500, new Executor("1", 2, 1100, 1500L));
        rows.add(row("punctual", "tpcds/q3", 1100, 1400, 1390.0, true, null, 1, 960.0, 900.0, 1350.0, 2, "R2"));
        log(dir, "punctual-tpcds-q3", 1100, 1390, new Executor("1", 4, 1150, 1390L));
        rows.add(new BenchRow("punctual", "puma/grep", null, at(1200), at(1900), false,
                "needs 9 executors; the cap is 4", null, false, null, null, 500.0, null, null, 1, 2.0, null, null,
                null));
        rows.add(row("punctual", "puma/kmeans", 1000, 1800, 1300.0, false, "executor lost", 1, 300.0, 200.0, 1200.0,
                1, null));
        log(dir, "punctual-puma-kmeans", 1000, 1300, new Executor("1", 1, 1000, 1300L));
        JSON.writeValue(dir.resolve(ReadReport.RESULTS).toFile(), rows);
        JSON.writeValue(dir.resolve(ReadReport.RUN).toFile(), runInfo());
        return rows;
    }

    static RunInfo runInfo() {
        return runInfo(null);
    }

    static RunInfo runInfo(io.punctual.submit.bench.RunPlan plan) {
        return new RunInfo("mixed", "tiny", 7, List.of("static", "punctual"), 2, "1x:0.5,2x:0.5", 0.3,
                "poisson:20s", plan, 1, "finished", at(0), 2400.0, 8, 16384L, null, null, Map.of(),
                Map.of("static", new RunInfo.PolicyWindow(at(0), at(800), List.of()),
                        "punctual", new RunInfo.PolicyWindow(at(900), at(2200), List.of())),
                Map.of("punctual", List.of(
                        new RunInfo.ReservationInterval("puma/wordcount", "R1", at(1000), at(1600), at(1600), 2),
                        new RunInfo.ReservationInterval("tpcds/q3", "R2", at(1100), at(1400), at(1400), 3),
                        new RunInfo.ReservationInterval(null, "R3", at(2000), at(2100), at(2100), 1))),
                Map.of("static", new QueueShare("team-analytics", "root", 40, 40),
                        "punctual", new QueueShare("sla", "root", 40, 40)), 2);
    }

    static BenchRow row(String policy, String job, double arrival, double deadline, double finished, boolean met,
                        String reason, Integer executors, Double executorSeconds, Double oracle, Double predicted,
                        int week, String reservation) {
        String log = "logs/" + (policy + "-" + job).replace('/', '-');
        return new BenchRow(policy, job, "application_1_" + Math.abs(log.hashCode()), at(arrival), at(deadline), true,
                reason, at(finished), met, executors, executorSeconds, oracle,
                predicted == null ? null : at(predicted), log, week, 2.0, reservation, null, null);
    }

    /** One executor: cores from {@code from} until {@code to}, or until the application ends when {@code to} is null. */
    record Executor(String id, int cores, double from, Long to) {
    }

    /** A Spark event log: application start, executors added and removed, application end. */
    static void log(Path dir, String name, double start, double end, Executor... executors) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.6\"}");
        lines.add("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"" + name + "\",\"App ID\":\"" + name
                + "\",\"Timestamp\":" + ms(start) + ",\"User\":\"bench\"}");
        for (Executor e : executors) {
            lines.add("{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + ms(e.from()) + ",\"Executor ID\":\""
                    + e.id() + "\",\"Executor Info\":{\"Host\":\"node1\",\"Total Cores\":" + e.cores() + "}}");
        }
        for (Executor e : executors) {
            if (e.to() != null) {
                lines.add("{\"Event\":\"SparkListenerExecutorRemoved\",\"Timestamp\":" + ms(e.to())
                        + ",\"Executor ID\":\"" + e.id() + "\",\"Removed Reason\":\"done\"}");
            }
        }
        lines.add("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + ms(end) + "}");
        Files.write(dir.resolve("logs").resolve(name), lines);
    }

    private static long ms(double seconds) {
        return T0.toEpochMilli() + Math.round(seconds * 1000);
    }

    /** Replaces the rows of {@code dir}'s results.json with what {@code change} makes of them. */
    static List<BenchRow> rewrite(Path dir, java.util.function.UnaryOperator<List<BenchRow>> change)
            throws IOException {
        List<BenchRow> rows = JSON.readValue(dir.resolve(ReadReport.RESULTS).toFile(),
                new com.fasterxml.jackson.core.type.TypeReference<List<BenchRow>>() { });
        List<BenchRow> changed = change.apply(new ArrayList<>(rows));
        JSON.writeValue(dir.resolve(ReadReport.RESULTS).toFile(), changed);
        return changed;
    }
}
