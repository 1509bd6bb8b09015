package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.request.InvalidRequest;
import io.punctual.workloads.suite.BenchSuite;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suites by name, and {@code mixed} = PUMA + TPC-DS with its jobs named {@code suite/job}. */
class BenchSuitesTest {

    @Test
    void mixedHoldsEveryPumaJobAndEveryTpcdsQueryUnderItsSuitesName() {
        BenchSuite puma = Suites.lookup("puma");
        BenchSuite tpcds = Suites.lookup("tpcds");
        BenchSuite mixed = Suites.lookup("mixed");

        assertThat(mixed.jobs()).hasSize(puma.jobs().size() + tpcds.jobs().size())
                .contains("puma/wordcount", "puma/terasort", "tpcds/q3", "tpcds/q98");
        assertThat(mixed.scales()).containsExactly("tiny");
        assertThat(Suites.jobs(mixed, "puma/grep, tpcds/q3", "tiny")).containsExactly("puma/grep", "tpcds/q3");
        assertThat(mixed.app("tpcds/q3", Path.of("/d"), "tiny", Path.of("/o")))
                .isEqualTo(tpcds.app("q3", Path.of("/d"), "tiny", Path.of("/o")));
        // only TPC-DS answers have a second engine to check them (bench run --verify)
        assertThat(mixed.checkable(List.of("puma/grep", "tpcds/q3", "tpcds/q42"))).containsExactly("tpcds/q3",
                "tpcds/q42");
        assertThat(puma.checkable(puma.jobs())).isEmpty();
    }

    @Test
    void aJobIsLearnedUnderOneKeyWhicheverSuiteRunsIt() {
        Workload alone = new Workload(Suites.lookup("puma"), Path.of("/d"), "tiny", "w.jar", Path.of("/o"), false);
        Workload mixed = new Workload(Suites.lookup("mixed"), Path.of("/d"), "tiny", "w.jar", Path.of("/o"), false);

        assertThat(alone.name("wordcount")).isEqualTo("puma/wordcount").isEqualTo(mixed.name("puma/wordcount"));
        assertThat(alone.jobKey("wordcount")).isEqualTo("bench.puma.wordcount.tiny")
                .isEqualTo(mixed.jobKey("puma/wordcount"));
    }

    @Test
    void unknownJobsAndScalesAreNamedWithWhatIsKnown() {
        BenchSuite mixed = Suites.lookup("mixed");

        assertThatThrownBy(() -> Suites.jobs(mixed, "tpcds/q999", "tiny")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("unknown TPC-DS query q999; known queries: q1, q2");
        assertThatThrownBy(() -> Suites.jobs(mixed, "grep", "tiny"))
                .hasMessageContaining("names its jobs <suite>/<job> with a suite among puma, tpcds, got 'grep'");
        assertThatThrownBy(() -> Suites.jobs(mixed, "", "1g"))
                .hasMessageContaining("no scale '1g' that all of puma, tpcds accept; its scales are tiny");
        assertThatThrownBy(() -> Suites.jobs(Suites.lookup("puma"), "wordcount,sort", "tiny"))
                .hasMessageContaining("unknown PUMA job sort; known jobs: wordcount, grep");
        assertThat(Suites.names()).containsExactly("puma", "tpcds", "mixed", "demo");
        assertThat(List.of(Suites.lookup("demo").jobs())).isNotEmpty();
    }
}
