package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.bench.BenchRow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code punctual bench compare}: last week is {@link ReportFixture}'s run; this week static's q3 met its deadline
 * with 500 executor-seconds instead of 600, and a dynamic policy ran one job.
 */
class CompareCommandTest {

    @TempDir
    Path work;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void twoWeeks() throws Exception {
        ReportFixture.write(work.resolve("w1"));
        ReportFixture.write(work.resolve("w2"));
        ReportFixture.rewrite(work.resolve("w2"), rows -> {
            rows.set(1, ReportFixture.row("static", "tpcds/q3", 100, 400, 390, true, null, 1, 500.0, 300.0, null, 2,
                    null));
            rows.add(ReportFixture.row("dynamic", "puma/grep", 0, 900, 600, true, null, 2, 400.0, 200.0, null, 2,
                    null));
            return rows;
        });
    }

    int run(String... args) {
        out.reset();
        err.reset();
        return Subcommand.all().get("compare").run(List.of(args), work,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void perPolicyAndPerJobChangesAreAfterMinusBefore() {
        Comparison c = Comparison.of(ReadReport.read(work.resolve("w1")), ReadReport.read(work.resolve("w2")));
        assertThat(c.policies()).extracting(Comparison.PolicyChange::policy)
                .containsExactly("static", "punctual", "dynamic");
        Comparison.PolicyChange s = c.policies().get(0);
        assertThat(s.hitRateChange()).isCloseTo(1 - 2 / 3.0, within(1e-12));
        assertThat(s.executorSecondsChange()).isEqualTo(-100.0);
        assertThat(s.oracleRatioChange()).isCloseTo(1500 / 1100.0 - 1600 / 1100.0, within(1e-12));
        Comparison.PolicyChange p = c.policies().get(1);
        assertThat(List.of(p.hitRateChange(), p.executorSecondsChange(), p.oracleRatioChange()))
                .containsExactly(0.0, 0.0, 0.0);
        Comparison.PolicyChange d = c.policies().get(2);
        assertThat(d.jobsBefore()).isNull();
        assertThat(d.jobsAfter()).isEqualTo(1);
        assertThat(d.hitRateChange()).isNull();

        Comparison.JobChange q3 = c.jobs().stream().filter(j -> j.policy().equals("static")
                && j.job().equals("tpcds/q3")).findFirst().orElseThrow();
        assertThat(q3.before()).isEqualTo(new Comparison.JobSide(1, 0, 600.0, 2.0));
        assertThat(q3.after().met()).isEqualTo(1);
        assertThat(q3.executorSecondsChange()).isEqualTo(-100.0);
        assertThat(q3.oracleRatioChange()).isCloseTo(500 / 300.0 - 2.0, within(1e-12));
        Comparison.JobChange grep = c.jobs().stream().filter(j -> j.policy().equals("dynamic")).findFirst()
                .orElseThrow();
        assertThat(grep.before()).isNull();
        assertThat(grep.executorSecondsChange()).isNull();
    }

    @Test
    void theTablesShowTheChanges() {
        assertThat(run("w1", "w2")).as(err.toString()).isZero();
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).isEqualTo("before: " + work.resolve("w1"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("static").contains("3 → 3", "66.7%", "100.0%",
                "+33.3 pp", "2500", "2400", "-100", "1.45×", "1.36×", "-0.09"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("dynamic").contains("– → 1"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("static").contains("tpcds/q3", "0 of 1", "1 of 1",
                "600", "500", "-100", "2.00×", "1.67×", "-0.33"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("dynamic").contains("puma/grep", "absent"));
    }

    @Test
    void theJsonFormHasTheSameChanges() throws Exception {
        assertThat(run("w1", "w2", "--json")).isZero();
        JsonNode json = ReportFixture.JSON.readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(json.at("/policies/0/executorSecondsChange").asDouble()).isEqualTo(-100);
        assertThat(json.at("/policies/2/hitRateChange").isNull()).isTrue();
        assertThat(json.at("/jobs").size()).isEqualTo(8);
    }

    @Test
    void aMissingOrCorruptDirectoryIsNamed() throws Exception {
        assertThat(run("w1", "w9")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("punctual bench compare: " + work.resolve("w9")
                + " does not exist; give a directory written by 'punctual bench run --report <dir>'\n");
        Files.writeString(work.resolve("w2").resolve(ReadReport.RESULTS), "[{\"policy\": ");
        assertThat(run("w1", "w2")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(work.resolve("w2").resolve(ReadReport.RESULTS)
                + " is not a JSON array of rows");
        Files.writeString(work.resolve("w2").resolve(ReadReport.RESULTS), "[{\"job\": \"x\"}]");
        assertThat(run("w1", "w2")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("row 1 has no policy; every row names its policy");
        assertThat(run("w1")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("takes two report directories (before, after), "
                + "got 1");
        assertThat(out.size()).isZero();
    }
}
