package io.punctual.bench.simulator;

import io.punctual.simulate.SimulationReport;
import io.punctual.simulate.SimulationRequest;
import io.punctual.simulate.Simulator;
import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.report.Metrics;
import io.punctual.simulate.workload.DeadlineType;
import io.punctual.simulate.workload.TaskModel;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.simulate.DeployedPolicies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The Justice paper's headline comparison (Section 5: satisfied deadlines, productive and wasted time, fairness) for
 * our implementations, on one trace, for every deadline type and two cluster sizes, as Markdown tables: the same
 * {@link Simulator} and policies {@code punctual simulate} runs, with the embedded site configuration.
 *
 * <pre>
 * java -cp benchmarks/target/punctual-benchmarks.jar:$(cat benchmarks/target/benchmarks.classpath) \
 *     io.punctual.bench.simulator.PaperComparison &lt;trace&gt; &lt;conf dir&gt; &lt;nodes,nodes&gt; [--out file.md]
 * </pre>
 */
public final class PaperComparison {

    private static final List<String> POLICIES = List.of("baseline-fs", "reactive-fs", "oracle", "justice", "rush",
            "punctual");

    private PaperComparison() {
    }

    public static void main(String[] argv) throws IOException {
        if (argv.length < 3) {
            throw new IllegalArgumentException("usage: PaperComparison <trace> <conf dir> <nodes,nodes>"
                    + " [<launch seconds,...>] [--out file]");
        }
        Path scratch = Files.createTempDirectory("paper-comparison");
        var config = ConfigSource.open(Path.of(argv[1]), Map.of(), Clock.systemUTC()).current();
        Assembly assembly = Assembly.of(config, new PunctualHome(scratch), scratch.resolve("store"),
                Clock.systemUTC(), Optional.empty());
        StringBuilder out = new StringBuilder();
        String launches = argv.length > 3 && !argv[3].startsWith("--") ? argv[3] : "10";
        for (String launch : launches.split(",")) {
            for (String nodes : argv[2].split(",")) {
                section(argv[0], assembly, ClusterSpec.of(Integer.parseInt(nodes), "16,65536"),
                        TaskModel.DEFAULT.withLaunchSeconds(Double.parseDouble(launch)), out);
            }
        }
        System.out.print(out);
        int outAt = List.of(argv).indexOf("--out");
        if (outAt > 0) {
            Files.writeString(Path.of(argv[outAt + 1]), out.toString());
        }
    }

    private static void section(String trace, Assembly assembly, ClusterSpec cluster, TaskModel model,
                                StringBuilder out) {
        out.append(String.format(Locale.ROOT, "### %d nodes (%d CPUs), launch %.0f s%n%n", cluster.nodes(),
                cluster.cpus(), model.launchSeconds()));
        out.append("| deadlines | policy | SDR | met | dropped | killed | PTR | WTR | fairness | equality | util |"
                + " makespan h | CPU-hours |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (DeadlineType deadlines : DeadlineType.values()) {
            SimulationReport report = Simulator.run(new SimulationRequest(trace, cluster, POLICIES, deadlines, 1,
                    Optional.empty(), model), DeployedPolicies.catalog(assembly), DeployedPolicies.settings(assembly),
                    line -> { });
            for (Metrics m : report.metrics()) {
                out.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %d | %d | %d | %.3f | %.3f | %.3f | %.3f |"
                        + " %.3f | %.1f | %.1f |%n", deadlines.label(), m.policy(), m.satisfiedDeadlineRatio(), m.met(),
                        m.dropped(), m.killed(), m.productiveTimeRatio(), m.wastedTimeRatio(), m.fairness(),
                        m.equality(), m.utilisation(), m.makespanHours(), m.cpuHours()));
            }
            System.err.println("done: " + cluster.nodes() + " nodes, launch " + model.launchSeconds() + " s, "
                    + deadlines.label());
        }
        out.append('\n');
    }
}
