package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.CoreSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics of {@link ReportFixture}'s run against the numbers worked out by hand in its Javadoc. */
class ReportMetricsTest {

    @TempDir
    static Path dir;
    static List<BenchRow> rows;
    static ReportSummary summary;

    @BeforeAll
    static void summarise() throws Exception {
        rows = ReportFixture.write(dir);
        ReadReport report = ReadReport.read(dir);
        summary = ReportSummary.of(report, RowUsage.read(report));
    }

    @Test
    void staticMetMostDeadlinesAndCostsWhatItsRowsSay() {
        PolicySummary s = summary.policies().get(0);
        assertThat(s.policy()).isEqualTo("static");
        assertThat(List.of(s.jobs(), s.admitted(), s.rejected(), s.failed(), s.met())).containsExactly(3, 3, 0, 0, 2);
        assertThat(s.hitRateAdmitted()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(s.hitRateAll()).isCloseTo(2 / 3.0, within(1e-12));
        // lateness: S1 500−600, S2 460−400, S3 700−900 → sorted −200, −100, 60
        assertThat(s.lateness()).isEqualTo(new PolicySummary.Lateness(3, -100.0, 60.0, 60.0));
        assertThat(s.executorSeconds()).isEqualTo(2500.0);
        // S3 has no oracle: (1000 + 600) / (800 + 300)
        assertThat(s.oracleRatio()).isCloseTo(1600 / 1100.0, within(1e-12));
        assertThat(s.oracleJobs()).isEqualTo(2);
        assertThat(s.predictionError()).isEqualTo(new PolicySummary.PredictionError(0, null, null));
        assertThat(s.reserved()).isEqualTo(new PolicySummary.Reserved(null, null));
        assertThat(s.spanSeconds()).isEqualTo(700.0);
        assertThat(s.wallSeconds()).isEqualTo(800.0);
    }

    @Test
    void punctualCountsItsRefusalAndFailureAndWhatItsReservationsLeftUnused() {
        PolicySummary p = summary.policies().get(1);
        assertThat(p.policy()).isEqualTo("punctual");
        assertThat(List.of(p.jobs(), p.admitted(), p.rejected(), p.failed(), p.met())).containsExactly(4, 3, 1, 1, 2);
        assertThat(p.rejectReasons()).isEqualTo(Map.of("needs 9 executors; the cap is 4", 1));
        assertThat(p.failReasons()).isEqualTo(Map.of("executor lost", 1));
        assertThat(p.hitRateAdmitted()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(p.hitRateAll()).isEqualTo(0.5);
        // only P1 (−100) and P2 (−10) ran to success; nearest rank of two values: p50 the first, p90 the second
        assertThat(p.lateness()).isEqualTo(new PolicySummary.Lateness(2, -100.0, -10.0, -10.0));
        assertThat(p.executorSeconds()).isEqualTo(800 + 960 + 300.0);
        // the refused P3 has an oracle but no cost, so it is left out of both sums
        assertThat(p.oracleRatio()).isCloseTo(2060 / 1900.0, within(1e-12));
        assertThat(p.oracleJobs()).isEqualTo(3);
        // |1480 − 1500| and |1350 − 1390|; the failed P4's prediction does not count
        assertThat(p.predictionError()).isEqualTo(new PolicySummary.PredictionError(2, 20.0, 40.0));
        // R1 2×600 with 2 cores used 400 s; R2 3×300 with min(4, 3) used 240 s; R3 1×100 never used
        assertThat(p.reserved().vcoreSeconds()).isEqualTo(1200 + 900 + 100.0);
        assertThat(p.reserved().unusedVcoreSeconds()).isCloseTo(2200 - 800 - 720.0, within(1e-9));
        assertThat(p.spanSeconds()).isEqualTo(500.0);
        assertThat(p.wallSeconds()).isEqualTo(1300.0);
    }

    @Test
    void eachWeekHoldsItsOwnJobsAndTheReservationsTheyRanIn() {
        List<PolicySummary> punctual = summary.weeks().stream().filter(s -> s.policy().equals("punctual")).toList();
        assertThat(punctual).extracting(PolicySummary::week).containsExactly(1, 2);
        assertThat(punctual.get(0).jobs()).isEqualTo(3);
        assertThat(punctual.get(0).wallSeconds()).isNull();
        assertThat(punctual.get(0).reserved()).isEqualTo(new PolicySummary.Reserved(1200.0, 400.0));
        assertThat(punctual.get(1).jobs()).isEqualTo(1);
        assertThat(punctual.get(1).reserved().vcoreSeconds()).isEqualTo(900.0);
        assertThat(punctual.get(1).reserved().unusedVcoreSeconds()).isCloseTo(180.0, within(1e-9));
        assertThat(summary.spansWeeks()).isTrue();
    }

    @Test
    void theEventLogsGiveBackEveryRowsExecutorSeconds() {
        ReadReport report = ReadReport.read(dir);
        RowUsage logs = RowUsage.read(report);
        assertThat(logs.problems()).isEmpty();
        for (BenchRow row : rows) {
            if (row.eventLog() != null) {
                assertThat(logs.of(row)).as(row.job()).get().extracting(ExecutorUsage::coreSeconds)
                        .isEqualTo(row.executorSeconds());
            }
        }
    }

    @Test
    void aReservationCountsOnlyTheCoresItHoldsWhileItHoldsThem() {
        CoreSpan window = new CoreSpan(0, 10_000, 3);
        List<CoreSpan> executors = List.of(new CoreSpan(2_000, 6_000, 4), new CoreSpan(5_000, 20_000, 1));
        // [2,5) 4 cores capped at 3; [5,6) 5 capped at 3; [6,10) 1 core; the rest lies outside the window
        assertThat(Capacity.heldWithin(window, executors)).isEqualTo(3 * 3 + 3 * 1 + 1 * 4.0);
        double[][] steps = Capacity.steps(executors, 0);
        assertThat(steps[0]).containsExactly(2 / 60.0, 2 / 60.0, 5 / 60.0, 5 / 60.0, 6 / 60.0, 6 / 60.0, 20 / 60.0,
                20 / 60.0);
        assertThat(steps[1]).containsExactly(0, 4, 4, 5, 5, 1, 1, 0);
    }

    @Test
    void theTableLinesUpAndShowsTheNumbers() {
        String table = SummaryTable.render(summary.policies());
        List<String> lines = table.lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(2)).startsWith("static").contains("66.7%", "-100.0/60.0/60.0", "2500", "1.45×");
        assertThat(lines.get(3)).startsWith("punctual").contains("50.0%", "1.08×", "20.0/40.0",
                "680 of 2200 vcore-s (30.9%)", "1300");
        int end = lines.get(0).indexOf("executor-s") + "executor-s".length();
        assertThat(lines.get(2).indexOf("2500") + 4).isEqualTo(end);
        assertThat(lines.get(3).indexOf("2060") + 4).isEqualTo(end);
    }

    @Test
    void theJsonFormCarriesTheSameNumbersAndTheVerdict() throws Exception {
        JsonNode json = ReportFixture.JSON.readTree(summary.toJson());
        assertThat(json.at("/policies/1/reserved/unusedVcoreSeconds").asDouble()).isCloseTo(680, within(1e-9));
        assertThat(json.at("/policies/0/lateness/p90").asDouble()).isEqualTo(60);
        assertThat(json.at("/policies/0/predictionError/medianAbs").isNull()).isTrue();
        assertThat(json.at("/run/reservations/punctual").size()).isEqualTo(3);
        assertThat(json.at("/goals/0/verdict").asText()).isEqualTo("missed");
        assertThat(json.at("/goals/0/headline").asText()).startsWith("punctual: goal NOT met")
                .contains("met 66.7% of the deadlines it admitted (2 of 3; goal ≥ 99%)");
        assertThat(json.at("/weeks").size()).isEqualTo(3);
    }
}
