package io.punctual.workloads.tpcds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TpcdsSuiteTest {

    private final TpcdsSuite suite = TinyTpcds.suite();

    @Test
    void offersEveryQueryOfSparksTestJarInQueryOrder() {
        List<String> queries = suite.queries();

        assertThat(queries).hasSize(103).startsWith("q1", "q2", "q3").endsWith("q98", "q99")
                .containsSubsequence("q13", "q14a", "q14b", "q15")
                .containsSubsequence("q38", "q39a", "q39b", "q40");
        assertThat(suite.jobs()).hasSizeGreaterThanOrEqualTo(10).isSubsetOf(queries);
        assertThat(suite.name()).isEqualTo("tpcds");
        assertThat(suite.scales()).startsWith("tiny", "sf1");
    }

    @Test
    void checkAcceptsAnyQueryOfTheJarAtAnyScaleTheGeneratorTakes() {
        suite.check(List.of("q14a", "q99", "q6"), "tiny");
        suite.check(suite.jobs(), "sf0.5");
    }

    @Test
    void checkNamesAnUnknownQueryAndListsTheKnownOnes() {
        assertThatThrownBy(() -> suite.check(List.of("q3", "q100", "q14"), "tiny"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown TPC-DS queries q100, q14; known queries: q1, q2, q3,")
                .hasMessageContaining("q14a, q14b");
    }

    @Test
    void checkNamesAnUnknownOrRefusedScale() {
        assertThatThrownBy(() -> suite.check(List.of("q3"), "huge"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown TPC-DS scale 'huge'; known scales: tiny, sf1, sf10, sf100, sf1000"
                        + " (or sf<N> for another scale factor N)");
        assertThatThrownBy(() -> suite.check(List.of("q3"), "sf200000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the TPC-DS generator refuses scale 'sf200000'")
                .hasMessageContaining("less than 100000");
        assertThatThrownBy(() -> suite.check(List.of("q3"), "sf0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be above 0");
    }

    @Test
    void prepareStagesTheQueryTextsAndReturnsTheLoad() throws IOException {
        SparkApp load = TinyTpcds.prepared();
        SparkApp app = suite.app("q14a", TinyTpcds.DATA_ROOT, "tiny", Path.of("/tmp/out/q14a"));

        assertThat(load).isEqualTo(new SparkApp("tpcds/load", TpcdsLoad.class.getName(),
                List.of(TinyTpcds.layout().scaleDir(TpcdsScale.parse("tiny")).toUri().toString())));
        assertThat(app.name()).isEqualTo("tpcds/q14a");
        assertThat(app.mainClass()).isEqualTo(TpcdsQuery.class.getName());
        assertThat(app.args()).hasSize(4).startsWith(load.args().get(0), "q14a", "file:///tmp/out/q14a");
        assertThat(Files.readString(Path.of(URI.create(app.args().get(3)))))
                .isEqualTo(QueryJar.locate().query("q14a")).contains("cross_items");
    }
}
