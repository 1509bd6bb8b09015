package io.punctual.workloads.tpcds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's answers checked by a second engine: DuckDB answers every query of the weekly set over the Parquet that local
 * Spark loaded at scale {@code tiny}, and the two must agree by value; a changed number must not.
 */
class DuckDbAnswersTest {

    private static final TpcdsScale TINY = TpcdsScale.parse(TinyTpcds.SCALE);

    private static String scaleDir;
    private static SparkSession spark;

    @BeforeAll
    static void load() {
        scaleDir = TinyTpcds.loadedScaleDir();
        spark = TinyTpcds.spark();
    }

    @Test
    void sparkAndDuckDbGiveTheSameAnswerToEveryQueryOfTheWeeklySet(@TempDir Path output) {
        try (DuckDbAnswers duckDb = DuckDbAnswers.over(TinyTpcds.layout().parquet(TINY))) {
            for (String query : TpcdsSuite.DEFAULT_QUERIES) {
                String sql = QueryJar.locate().query(query);
                QueryAnswer bySpark = TpcdsQuery.run(spark, scaleDir, query, sql,
                        output.resolve(query).toUri().toString());
                QueryAnswer byDuckDb = duckDb.answer(query, sql);

                assertThat(bySpark.check(byDuckDb)).as(query).isEqualTo(new AnswerCheck.Matches(
                        bySpark.rows().size()));
                assertThat(bySpark.rows()).as(query + " answers with rows at tiny").isNotEmpty();
            }
        }
    }

    @Test
    void theVerifyingApplicationComparesWithDuckDbsStagedAnswerAndFailsOnAnotherNumber(@TempDir Path output)
            throws IOException {
        TpcdsSuite suite = TinyTpcds.suite();
        assertThat(suite.checkable(List.of("q42", "q14a"))).containsExactly("q42", "q14a");
        suite.prepareAnswers(List.of("q42"), TinyTpcds.DATA_ROOT, "tiny");
        Path staged = TinyTpcds.layout().answer(TINY, "q42");
        SparkApp verifying = suite.verifyingApp("q42", TinyTpcds.DATA_ROOT, "tiny", output);
        QueryAnswer bySpark = TpcdsQuery.run(spark, scaleDir, "q42", QueryJar.locate().query("q42"),
                output.toUri().toString());
        String expected = Files.readString(Path.of(URI.create(verifying.args().get(5))));

        assertThat(verifying.args()).hasSize(6).containsSubsequence("q42", "--verify", staged.toUri().toString());
        assertThat(TpcdsQuery.verified("q42", bySpark, expected)).isEqualTo(
                "q42: the answer matches the expected answer (" + bySpark.rows().size() + " rows)");
        String sum = bySpark.rows().get(0).substring(bySpark.rows().get(0).lastIndexOf('\t') + 1);
        String tampered = expected.replace("\t" + sum + "\n", "\t" + sum.replace('.', '1') + ".00\n");
        assertThat(tampered).isNotEqualTo(expected);
        assertThatThrownBy(() -> TpcdsQuery.verified("q42", bySpark, tampered))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("q42 does not give the expected answer: sorted row");
    }

    @Test
    void withoutALoadOrAStagedAnswerNothingIsVerifiedAndTheMessageSaysWhy(@TempDir Path empty) {
        assertThatThrownBy(() -> DuckDbAnswers.over(empty))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not loaded into Parquet under " + empty)
                .hasMessageContaining("prepare the suite's input first");
        assertThatThrownBy(() -> TinyTpcds.suite().verifyingApp("q3", empty, "tiny", empty.resolve("out")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no expected answer to q3");
    }
}
