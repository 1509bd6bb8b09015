package io.punctual.workloads.tpcds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The golden-file comparison, on Spark's real expected answer to q3 at scale factor 1. */
class QueryAnswerTest {

    private static final String GOLDEN = QueryJar.locate().expectedAnswer("q3").orElseThrow();

    @Test
    void readsSparksGoldenFile() {
        QueryAnswer expected = QueryAnswer.parse(GOLDEN);

        assertThat(expected.schema()).isEqualTo("struct<d_year:int,brand_id:int,brand:string,sum_agg:decimal(17,2)>");
        long rowLines = GOLDEN.lines().dropWhile(line -> !line.equals("-- !query output")).skip(1)
                .filter(line -> !line.isBlank()).count();
        assertThat(expected.rows()).hasSize((int) rowLines).hasSizeGreaterThan(50);
        assertThat(expected.rows().get(0).split("\t")).hasSize(4);
        assertThat(QueryAnswer.parse(expected.render())).isEqualTo(expected);
    }

    @Test
    void anAnswerAsSparkRendersItMatches() {
        QueryAnswer expected = QueryAnswer.parse(GOLDEN);
        // what a run prints before masking: brand numbers instead of #x, in another order among equal keys,
        // with the trailing blanks of a CHAR column at the end of a line
        List<String> rendered = new ArrayList<>(expected.rows().stream()
                .map(row -> row.replace("#x", "#" + (row.length() % 9 + 1)) + "   ").toList());
        Collections.reverse(rendered);

        AnswerCheck check = QueryAnswer.of(expected.schema(), rendered).check(expected);

        assertThat(check).isEqualTo(new AnswerCheck.Matches(expected.rows().size()));
    }

    @Test
    void aWrongNumberIsReportedWithBothRows() {
        QueryAnswer expected = QueryAnswer.parse(GOLDEN);
        List<String> rows = new ArrayList<>(expected.rows());
        String first = rows.get(0);
        String wrong = first.substring(0, first.lastIndexOf('\t') + 1) + "1.00";
        rows.set(0, wrong);

        AnswerCheck check = new QueryAnswer(expected.schema(), rows).check(expected);

        assertThat(check).isInstanceOf(AnswerCheck.Differs.class);
        assertThat(((AnswerCheck.Differs) check).why()).contains(wrong.trim(), "where Spark expects");
    }

    @Test
    void aMissingRowOrAnotherSchemaDiffers() {
        QueryAnswer expected = QueryAnswer.parse(GOLDEN);
        List<String> fewer = new ArrayList<>(expected.rows());
        fewer.remove(fewer.size() - 1);
        String otherSchema = expected.schema().replace("sum_agg:decimal(17,2)", "sum_agg:double");

        assertThat(new QueryAnswer(expected.schema(), fewer).check(expected)).isInstanceOf(AnswerCheck.Differs.class);
        assertThat(new QueryAnswer(otherSchema, expected.rows()).check(expected))
                .isEqualTo(new AnswerCheck.Differs("schema " + otherSchema + " where Spark expects "
                        + expected.schema()));
    }

    @Test
    void refusesTextThatIsNoGoldenFile() {
        assertThatThrownBy(() -> QueryAnswer.parse("1998\t1004001\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a TPC-DS golden file");
    }
}
