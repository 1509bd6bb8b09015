package io.punctual.simulate;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.simulate.policy.PolicyContext;
import io.punctual.simulate.report.JobsCsv;
import io.punctual.simulate.workload.DeadlineType;
import io.punctual.simulate.workload.TaskModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulatorTest {

    private static final List<String> ALL = List.of("baseline-fs", "reactive-fs", "oracle", "justice", "rush");

    @TempDir
    Path dir;

    @Test
    void theSameSeedGivesByteIdenticalJobsCsvAndAnotherSeedDoesNot() throws IOException {
        byte[] first = Files.readAllBytes(run(11, "a").resolve("jobs.csv"));
        byte[] again = Files.readAllBytes(run(11, "b").resolve("jobs.csv"));
        byte[] other = Files.readAllBytes(run(12, "c").resolve("jobs.csv"));
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void theReportHoldsOneRowPerJobAndPolicyASummaryAndBothCharts() throws IOException {
        Path report = run(3, "report");
        List<String> lines = Files.readAllLines(report.resolve("jobs.csv"));
        assertThat(lines.get(0)).isEqualTo(JobsCsv.HEADER);
        assertThat(lines).hasSize(1 + 300 * ALL.size());
        assertThat(Files.readString(report.resolve("summary.json"))).contains("\"satisfiedDeadlineRatio\"")
                .contains("\"policy\" : \"justice\"").contains("\"seed\" : 3");
        assertThat(Files.size(report.resolve("completion-cdf.png"))).isGreaterThan(1000);
        assertThat(Files.size(report.resolve("utilisation.png"))).isGreaterThan(1000);
    }

    @Test
    void metricsCanBeRecomputedFromJobsCsv() throws IOException {
        Path report = run(5, "recompute");
        SimulationReport summary = Simulator.run(request(5, Optional.empty()), PolicyCatalog.builtIn(),
                PolicyContext.Settings.DEFAULTS, line -> { });
        for (var metrics : summary.metrics()) {
            long met = Files.readAllLines(report.resolve("jobs.csv")).stream()
                    .filter(l -> l.startsWith(metrics.policy() + ",")).filter(l -> l.split(",")[7].equals("true"))
                    .count();
            assertThat(met).as(metrics.policy()).isEqualTo(metrics.met());
        }
    }

    @Test
    void anUnknownPolicyIsRefusedBeforeTheTraceIsEvenRead() {
        List<String> progress = new ArrayList<>();
        SimulationRequest bad = new SimulationRequest(dir.resolve("no-such-trace.tsv").toString(),
                new ClusterSpec(2, 8, 16384, 2048), List.of("justice", "fifo"), DeadlineType.FIXED2X, 1,
                Optional.of(dir.resolve("never")), TaskModel.DEFAULT);
        assertThatThrownBy(() -> Simulator.run(bad, PolicyCatalog.builtIn(), PolicyContext.Settings.DEFAULTS,
                progress::add)).hasMessageContaining("unknown policy 'fifo'").hasMessageContaining("baseline-fs");
        assertThat(progress).isEmpty();
        assertThat(dir.resolve("never")).doesNotExist();
    }

    private Path run(long seed, String name) {
        Path report = dir.resolve(name);
        Simulator.run(request(seed, Optional.of(report)), PolicyCatalog.builtIn(), PolicyContext.Settings.DEFAULTS,
                line -> { });
        return report;
    }

    private static SimulationRequest request(long seed, Optional<Path> report) {
        return new SimulationRequest("synthetic:jobs=300,span=6000,keys=6,recurring=0.6",
                new ClusterSpec(2, 8, 16384, 2048), ALL, DeadlineType.JOCKEY1X2X, seed, report, TaskModel.DEFAULT);
    }
}
