package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.bench.JobProfile.AtCount;
import io.punctual.submit.bench.RunInfo.JobMeasure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 26, item 3: a policy's cost over the oracle split into its counts' cost and its runs' inflation. */
class CostSplitTest {

    @TempDir
    Path dir;

    private static AtCount at(int executors, double executorSeconds) {
        return new AtCount(executors, 100, 110, executorSeconds, 3, 10);
    }

    @Test
    void theCountRatioAndTheInflationMultiplyToTheRatioToTheOracleOverTheSameRows() throws Exception {
        ReportFixture.write(dir);
        // wordcount has idle runs only; q3 was also run under load, and its oracle table is those runs.
        ReportFixture.JSON.writeValue(dir.resolve(ReadReport.RUN).toFile(), ReportFixture.runInfo().withJobs(Map.of(
                "puma/wordcount", new JobMeasure("k1", 100.0, 10, List.of(at(1, 700), at(2, 900)), List.of()),
                "tpcds/q3", new JobMeasure("k2", 100.0, 10, List.of(at(1, 200)), List.of(at(1, 450))))));

        List<CostSplit> splits = CostSplit.of(ReadReport.read(dir));

        // static: wordcount at 2 (table 900, oracle 800, ran 1000), q3 at 1 (table 450, oracle 300, ran 600);
        // grep has no oracle. Counts: 1350 / 1100; inflation: 1600 / 1350.
        assertThat(splits).extracting(CostSplit::policy).containsExactly("static", "punctual");
        CostSplit statics = splits.get(0);
        assertThat(statics.rows()).isEqualTo(2);
        assertThat(statics.countRatio()).isCloseTo(1350.0 / 1100, Offset.offset(1e-9));
        assertThat(statics.inflation()).isCloseTo(1600.0 / 1350, Offset.offset(1e-9));
        assertThat(statics.countRatio() * statics.inflation()).isCloseTo(1600.0 / 1100, Offset.offset(1e-9));
        // punctual: wordcount at 1 (700, 800, 800), q3 at 1 (450, 900, 960); refused grep and kmeans (no table) out
        CostSplit punctual = splits.get(1);
        assertThat(punctual.rows()).isEqualTo(2);
        assertThat(punctual.countRatio()).isCloseTo(1150.0 / 1700, Offset.offset(1e-9));
        assertThat(punctual.inflation()).isCloseTo(1760.0 / 1150, Offset.offset(1e-9));
        assertThat(punctual.sentence()).isEqualTo("punctual: the counts it chose cost 0.68× the oracle's in the"
                + " oracle's table, and its runs cost 1.53× that table at those counts (2 rows)");
    }

    @Test
    void withoutTheJobsTablesNothingIsSplitAndThePageSaysWhereTheOracleCameFrom() throws Exception {
        ReportFixture.write(dir);
        assertThat(CostSplit.of(ReadReport.read(dir))).isEmpty();

        ReportFixture.JSON.writeValue(dir.resolve(ReadReport.RUN).toFile(), ReportFixture.runInfo().withJobs(Map.of(
                "tpcds/q3", new JobMeasure("k2", 100.0, 10, List.of(at(1, 200)), List.of(at(1, 450))))));
        BenchReport.write(dir);
        assertThat(Files.readString(dir.resolve(ReadReport.HTML))).contains("<ul id=\"cost-split\">",
                "runs under the background load (median per executor count)");
    }
}
