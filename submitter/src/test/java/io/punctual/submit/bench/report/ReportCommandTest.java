package io.punctual.submit.bench.report;

import io.punctual.submit.bench.RunInfo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.bench.BenchRow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code punctual bench report}: what it writes and prints, and a clear error for every kind of bad directory. */
class ReportCommandTest {

    @TempDir
    Path work;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int run(String... args) {
        out.reset();
        err.reset();
        return Subcommand.all().get("report").run(List.of(args), work, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void rebuildsTheFilesAndPrintsTheTableAndTheVerdict() throws Exception {
        ReportFixture.write(work.resolve("week2"));
        assertThat(run("week2")).as(err()).isZero();
        assertThat(out()).contains("policy", "×oracle", "static", "punctual", "punctual: goal NOT met",
                "report: " + work.resolve("week2").resolve("report.html"));
        // one line per policy, then one per policy and week (punctual ran in weeks 1 and 2)
        assertThat(out().lines().filter(l -> l.startsWith("static ") || l.startsWith("punctual "))).hasSize(5);
        for (String file : List.of("report.html", "results.csv", "summary.json")) {
            assertThat(work.resolve("week2").resolve(file)).isNotEmptyFile();
        }
        assertThat(run("week2", "--json")).isZero();
        JsonNode json = ReportFixture.JSON.readTree(out());
        assertThat(json.at("/policies/0/policy").asText()).isEqualTo("static");
        assertThat(json.at("/policies/0/executorSeconds").asDouble()).isEqualTo(2500);
    }

    @Test
    void earlierWeeksJoinTheWeekOverWeekColumnsInWeekOrder() throws Exception {
        ReportFixture.write(work.resolve("before"));
        ReportFixture.rewrite(work.resolve("before"), rows -> rows.stream().map(r -> week(r, 0)).toList());
        ReportFixture.write(work.resolve("now"));
        ReadReport now = ReadReport.read(work.resolve("now"));
        List<WeekColumn> weeks = BenchReport.weeks(List.of(ReadReport.read(work.resolve("before"))), now,
                ReportSummary.of(now, RowUsage.unread(now)));
        assertThat(weeks).extracting(WeekColumn::label).containsExactly("week 0", "week 1", "week 2");
        assertThat(weeks.get(0).of("static").orElseThrow().jobs()).isEqualTo(3);
        assertThat(weeks.get(2).of("static")).isEmpty();
        assertThat(run("now", "--previous", "before")).as(err()).isZero();

        ReportFixture.write(work.resolve("same"));
        weeks = BenchReport.weeks(List.of(ReadReport.read(work.resolve("same"))), now,
                ReportSummary.of(now, RowUsage.unread(now)));
        assertThat(weeks).extracting(WeekColumn::label).containsExactly("week 1 (same)", "week 1 (now)",
                "week 2 (same)", "week 2 (now)");
    }

    static BenchRow week(BenchRow r, int week) {
        return new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), r.deadline(), r.admitted(), r.reason(),
                r.finishedAt(), r.metDeadline(), r.executors(), r.executorSeconds(), r.oracleExecutorSeconds(),
                r.predictedFinish(), r.eventLog(), week, r.deadlineFactor(), r.reservationId(), r.reservedCpuSeconds(),
                r.replans());
    }

    @Test
    void aMissingDirectoryOrResultsFileIsNamed() throws Exception {
        assertThat(run("nope")).isEqualTo(1);
        assertThat(err()).isEqualTo("punctual bench report: " + work.resolve("nope") + " does not exist; give a "
                + "directory written by 'punctual bench run --report <dir>'\n");
        Files.createDirectories(work.resolve("empty"));
        assertThat(run("empty")).isEqualTo(1);
        assertThat(err()).contains("has no results.json, so it is not a benchmark report");
        Files.writeString(work.resolve("file"), "x");
        assertThat(run("file")).isEqualTo(1);
        assertThat(err()).contains("is a file, not a report directory");
    }

    @Test
    void aCorruptFileIsNamedWithWhereItBreaksAndNothingIsWritten() throws Exception {
        Path dir = work.resolve("cut");
        ReportFixture.write(dir);
        String results = Files.readString(dir.resolve(ReadReport.RESULTS));
        Files.writeString(dir.resolve(ReadReport.RESULTS), results.substring(0, results.length() / 2));
        assertThat(run("cut")).isEqualTo(1);
        assertThat(err()).startsWith("punctual bench report: " + dir.resolve(ReadReport.RESULTS)
                + " is not a JSON array of rows as 'punctual bench run' writes it at line 1, column ")
                .contains("restore the file or re-run the benchmark");
        assertThat(dir.resolve(ReadReport.HTML)).doesNotExist();

        Files.writeString(dir.resolve(ReadReport.RESULTS), results);
        Files.writeString(dir.resolve(ReadReport.RUN), "{\"suite\": \"mixed\", \"seed\": \"seven\"}");
        assertThat(run("cut")).isEqualTo(1);
        assertThat(err()).contains(dir.resolve(ReadReport.RUN) + " is not a JSON object as 'punctual bench run' "
                + "writes it at line 1, column ");
    }

    @Test
    void aRowWithABadTimeIsNamedByNumberAndField() throws Exception {
        Path dir = work.resolve("bad-time");
        ReportFixture.write(dir);
        ReportFixture.rewrite(dir, rows -> {
            BenchRow r = rows.get(1);
            rows.set(1, new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), "next tuesday", r.admitted(),
                    r.reason(), r.finishedAt(), r.metDeadline(), r.executors(), r.executorSeconds(),
                    r.oracleExecutorSeconds(), r.predictedFinish(), r.eventLog(), r.week(), r.deadlineFactor(),
                    r.reservationId(), r.reservedCpuSeconds(), r.replans()));
            return rows;
        });
        assertThat(run("bad-time")).isEqualTo(1);
        assertThat(err()).contains("row 2 (static, tpcds/q3) has deadline 'next tuesday', not an ISO-8601 instant");
    }

    @Test
    void aMissingEventLogIsReportedAndTheReportStillBuilt() throws Exception {
        Path dir = work.resolve("lost-log");
        ReportFixture.write(dir);
        Files.delete(dir.resolve("logs/punctual-tpcds-q3"));
        assertThat(run("lost-log")).as(err()).isZero();
        assertThat(out()).contains("check: punctual tpcds/q3: event log " + dir.resolve("logs/punctual-tpcds-q3")
                + " unreadable (no such file or directory");
        // without its executors R2 counts as wholly unused: 400 + 900 + 100
        assertThat(ReportFixture.JSON.readTree(dir.resolve(ReadReport.SUMMARY).toFile())
                .at("/policies/1/reserved/unusedVcoreSeconds").asDouble()).isEqualTo(1400.0);
    }

    @Test
    void withoutRunJsonTheReportSaysSoAndKeepsTheRowsNumbers() throws Exception {
        Path dir = work.resolve("no-run");
        ReportFixture.write(dir);
        Files.delete(dir.resolve(ReadReport.RUN));
        ReportFixture.rewrite(dir, rows -> rows.stream().map(r -> r.reservationId() == null ? r : reserved(r, 1000.0))
                .toList());
        assertThat(run("no-run")).as(err()).isZero();
        // the rows still tell how much was reserved; without the windows, not how much of it went unused
        assertThat(out()).contains("? of 2000 vcore-s");
        JsonNode json = ReportFixture.JSON.readTree(dir.resolve(ReadReport.SUMMARY).toFile());
        assertThat(json.get("run").isNull()).isTrue();
        assertThat(json.at("/policies/1/reserved/vcoreSeconds").asDouble()).isEqualTo(2000.0);
        assertThat(json.at("/policies/1/reserved/unusedVcoreSeconds").isNull()).isTrue();
        assertThat(Files.readString(dir.resolve(ReadReport.HTML))).contains("No run.json in this directory");
    }

    static BenchRow reserved(BenchRow r, double vcoreSeconds) {
        return new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), r.deadline(), r.admitted(), r.reason(),
                r.finishedAt(), r.metDeadline(), r.executors(), r.executorSeconds(), r.oracleExecutorSeconds(),
                r.predictedFinish(), r.eventLog(), r.week(), r.deadlineFactor(), r.reservationId(), vcoreSeconds,
                r.replans());
    }

    @Test
    void eventLogsNamedByFileUriOrRelativeToTheDirectoryAreBothFound() throws Exception {
        Path dir = work.resolve("uris");
        ReportFixture.write(dir);
        ReportFixture.rewrite(dir, rows -> rows.stream().map(r -> r.eventLog() == null || !r.policy().equals("static")
                ? r : withLog(r, dir.resolve(r.eventLog()).toUri().toString())).toList());
        ReadReport report = ReadReport.read(dir);
        assertThat(report.rows().get(0).row().eventLog()).startsWith("file:/");
        RowUsage logs = RowUsage.read(report);
        assertThat(logs.problems()).isEmpty();
        assertThat(report.rows()).allSatisfy(t -> assertThat(logs.of(t.row()).isPresent())
                .isEqualTo(t.row().eventLog() != null));
    }

    static BenchRow withLog(BenchRow r, String log) {
        return new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), r.deadline(), r.admitted(), r.reason(),
                r.finishedAt(), r.metDeadline(), r.executors(), r.executorSeconds(), r.oracleExecutorSeconds(),
                r.predictedFinish(), log, r.week(), r.deadlineFactor(), r.reservationId(), r.reservedCpuSeconds(),
                r.replans());
    }

    /**
     * run.json as the engine's record writes it (issue 9's bench run), read back through that same record:
     * reservations with the job and the planned end, each job's measurements and the run's plan.
     */
    @Test
    void theRunJsonTheBenchRunWritesIsRead() throws Exception {
        Path dir = work.resolve("engine");
        ReportFixture.write(dir);
        Files.writeString(dir.resolve(ReadReport.RUN), """
                {"suite":"mixed","scale":"tiny","seed":7,"policies":["static","punctual"],"weeksOfHistory":3,
                 "deadlineMix":"1x:0.5,2x:0.5","contention":0.3,"arrivals":"poisson:20s",
                 "plan":{"suite":"mixed","jobs":["puma/wordcount"],"scale":"tiny","weeksOfHistory":3,
                   "deadlineMix":"1x:0.5,2x:0.5","contention":0.3,"policies":["static","punctual"],"seed":7,
                   "arrivals":"poisson:20s","staticExecutors":2,"historyExecutors":[1,2],"executorCores":1},
                 "week":2,"status":"interrupted","startedAt":"%s","wallSeconds":null,"clusterVcores":8,
                 "clusterMemoryMb":16384,"gateway":"embedded","benchHome":"/tmp/bench",
                 "jobs":{"puma/wordcount":{"jobKey":"wc","isolatedSeconds":300.0,"overheadSeconds":10,"byCount":[]}},
                 "policyWindows":{"punctual":{"startedAt":"%s","endedAt":"%s","contentionBatches":[4,5]}},
                 "reservations":{"punctual":[{"job":"puma/wordcount","reservationId":"R1","from":"%s","to":"%s",
                   "plannedTo":"%s","vcores":2}]}}
                """.formatted(ReportFixture.at(0), ReportFixture.at(900), ReportFixture.at(2000),
                ReportFixture.at(1000), ReportFixture.at(1600), ReportFixture.at(1700)));
        RunInfo run = ReadReport.read(dir).run().orElseThrow();
        assertThat(run.weeksOfHistory()).isEqualTo(3);
        assertThat(run.status()).isEqualTo("interrupted");
        assertThat(run.wallSeconds()).isNull();
        assertThat(run.wallSecondsOf("punctual")).isEqualTo(1100.0);
        assertThat(run.wallSecondsOf("static")).isNull();
        assertThat(run.reservationsOf("punctual")).containsExactly(new RunInfo.ReservationInterval("puma/wordcount", "R1",
                ReportFixture.at(1000), ReportFixture.at(1600), ReportFixture.at(1700), 2));
        assertThat(run("engine")).as(err()).isZero();
        assertThat(out()).contains("400 of 1200 vcore-s (33.3%)");
        assertThat(Files.readString(dir.resolve(ReadReport.HTML))).contains("Week 2. Suite mixed", "3 weeks of history",
                "The run&apos;s status is interrupted");
    }

    @Test
    void badArgumentsSayWhatToDo() {
        assertThat(run()).isEqualTo(1);
        assertThat(err()).contains("takes one report directory, got 0; run 'punctual bench report --help'");
        assertThat(run("a", "--colour")).isEqualTo(1);
        assertThat(err()).contains("unknown option --colour for 'punctual bench report'");
        assertThat(run("a", "--previous")).isEqualTo(1);
        assertThat(err()).contains("--previous needs a value");
        assertThat(run("--help")).isZero();
        assertThat(out()).startsWith("Usage: punctual bench report <dir>");
    }
}
