package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.bench.AppCost;
import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.EventLogCopies;
import io.punctual.submit.bench.EventLogs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code punctual bench verify}: a report recomputed from what it keeps passes; a tampered row, figure or log, or a log
 * the report does not keep, is named and fails it (issue 26 item 7).
 */
class ReportCheckTest {

    @TempDir
    Path work;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private Path report() throws Exception {
        Path dir = work.resolve("week2");
        ReportFixture.write(dir);
        BenchReport.write(dir);
        return dir;
    }

    private int verify(Path dir) {
        out.reset();
        return Subcommand.all().get("verify").run(List.of(dir.toString()), work,
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    }

    @Test
    void aReportAsWrittenIsReproducedFromItsOwnLogs() throws Exception {
        Path dir = report();

        assertThat(verify(dir)).as(out.toString()).isZero();
        assertThat(out.toString()).startsWith("verified: ").contains("rows and summary.json reproduced from");
    }

    @Test
    void aRowWhoseExecutorSecondsWereChangedIsNamed() throws Exception {
        Path dir = report();
        ReportFixture.rewrite(dir, rows -> rows.stream().map(r -> r.job().equals("puma/wordcount")
                && r.policy().equals("static") ? withSeconds(r, 100.0) : r).toList());

        assertThat(verify(dir)).isOne();
        assertThat(out.toString()).contains("not reproduced: static puma/wordcount: the row says 100.0 executor-seconds,"
                + " its event log 1000.0").contains("summary.json policies[static].executorSeconds says");
    }

    @Test
    void aFigureChangedInTheSummaryIsNamed() throws Exception {
        Path dir = report();
        ObjectNode summary = (ObjectNode) ReportFixture.JSON.readTree(dir.resolve(ReadReport.SUMMARY).toFile());
        ((ObjectNode) summary.get("policies").get(1)).put("sdrAll", 1.0);
        ReportFixture.JSON.writeValue(dir.resolve(ReadReport.SUMMARY).toFile(), summary);

        assertThat(verify(dir)).isOne();
        assertThat(out.toString()).containsPattern("summary.json policies\\[punctual\\]\\.sdrAll says 1\\.0, the rows"
                + " give 0\\.[0-9]+");
    }

    @Test
    void aVerdictThatDoesNotFollowFromTheRowsOwnTimesIsNamed() throws Exception {
        Path dir = report();
        ReportFixture.rewrite(dir, rows -> rows.stream().map(r -> r.job().equals("tpcds/q3") && r.policy()
                .equals("static") ? withMet(r, true) : r).toList());

        assertThat(verify(dir)).isOne();
        assertThat(out.toString()).contains("static tpcds/q3 (week 1): says metDeadline true, but its own times and"
                + " outcome say false");
    }

    @Test
    void aMissingLogOrOneTheReportDoesNotKeepIsNamed() throws Exception {
        Path dir = report();
        Files.delete(dir.resolve("logs").resolve("static-puma-grep"));
        Path elsewhere = Files.createDirectories(work.resolve("bench-home"));
        Files.copy(dir.resolve("logs").resolve("static-tpcds-q3"), elsewhere.resolve("static-tpcds-q3"));
        String moved = elsewhere.resolve("static-tpcds-q3").toString();
        ReportFixture.rewrite(dir, rows -> rows.stream().map(r -> r.job().equals("tpcds/q3") && r.policy()
                .equals("static") ? ReportCommandTest.withLog(r, moved) : r).toList());

        assertThat(verify(dir)).isOne();
        assertThat(out.toString()).contains("static puma/grep: event log " + dir.resolve("logs/static-puma-grep")
                + " unreadable").contains("static tpcds/q3 (week 1): its event log " + elsewhere.resolve(
                "static-tpcds-q3") + " is not a copy the report keeps");
    }

    @Test
    void aLogIsKeptInTheReportCompressedAndReadsBackToTheSameCost() throws Exception {
        Path logs = Files.createDirectories(work.resolve("bench-home").resolve("logs"));
        ReportFixture.log(logs.getParent(), "application_5_0001_1", 0, 500,
                new ReportFixture.Executor("1", 2, 0, 500L), new ReportFixture.Executor("2", 1, 100, null));
        Path dir = Files.createDirectories(work.resolve("report"));

        AppCost kept = new EventLogs(logs, Duration.ZERO).keptIn(dir).cost("application_5_0001", false).orElseThrow();

        assertThat(kept.eventLog()).isEqualTo(Path.of(EventLogCopies.DIR, "application_5_0001_1.zstd"));
        assertThat(Files.readAllBytes(dir.resolve(kept.eventLog()))).as("zstd's magic number")
                .startsWith((byte) 0x28, (byte) 0xb5, (byte) 0x2f, (byte) 0xfd);
        assertThat(kept.executorSeconds()).isEqualTo(2 * 500 + 400);
        var reread = ExecutorUsage.read(dir.resolve(kept.eventLog()).toString());
        assertThat(((ExecutorUsage.Read) reread).usage().coreSeconds()).isEqualTo(kept.executorSeconds());
    }

    private static BenchRow withSeconds(BenchRow r, Double seconds) {
        return new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), r.deadline(), r.admitted(), r.reason(),
                r.finishedAt(), r.metDeadline(), r.executors(), seconds, r.oracleExecutorSeconds(), r.predictedFinish(),
                r.eventLog(), r.week(), r.deadlineFactor(), r.reservationId(), r.reservedCpuSeconds(), r.replans());
    }

    private static BenchRow withMet(BenchRow r, boolean met) {
        return new BenchRow(r.policy(), r.job(), r.appId(), r.arrival(), r.deadline(), r.admitted(), r.reason(),
                r.finishedAt(), met, r.executors(), r.executorSeconds(), r.oracleExecutorSeconds(), r.predictedFinish(),
                r.eventLog(), r.week(), r.deadlineFactor(), r.reservationId(), r.reservedCpuSeconds(), r.replans());
    }
}
