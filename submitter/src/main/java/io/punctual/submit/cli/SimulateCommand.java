package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.simulate.RunReport;
import io.punctual.simulate.SimulationRequest;
import io.punctual.simulate.Simulator;
import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.simulate.queues.BurstSimulator;
import io.punctual.simulate.reservations.ReservationSimulator;
import io.punctual.simulate.workload.DeadlineType;
import io.punctual.simulate.workload.TaskModel;
import io.punctual.simulate.workload.TraceException;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.simulate.DeployedPolicies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code punctual simulate}: the same sizing, admission and planning classes as the gateway, on a simulated cluster
 * at any scale, against the papers' baselines on the same jobs and seed.
 */
public final class SimulateCommand implements Command {

    static final String DEFAULT_POLICIES = "baseline-fs,reactive-fs,oracle,justice,rush,punctual";

    static final String USAGE = """
            Usage: punctual simulate --trace <swim-file | synthetic:<spec>> --nodes <n> [--node <vcores>,<memoryMb>]
                                     [--policies <list>] [--deadlines <type>] [--seed <n>] [--launch <seconds>]
                                     [--run-noise <σ>] [--report <dir>] [--json] [--conf-dir <dir>]

            Runs each policy over the same jobs on a simulated cluster and prints one row per policy: satisfied-deadline
            ratio, met / dropped / killed jobs, productive and wasted time ratios, Jain's fairness and equality,
            utilisation, CPU-hours, and the simulation's own speed.

              --trace      a SWIM workload file (job, submit s, gap s, input, shuffle, output bytes per line),
                           synthetic:jobs=N[,span=seconds][,keys=K][,recurring=0..1][,grow=0..1] (grow: that share
                           of the recurring jobs doubles its input halfway through), or latency-sensitive queues
                           bursts:lqs=N[,tqs=M][,period=s][,on=s][,burst=share][,hours=h] for bopf, drf and
                           strict-priority (their default there), or Rayon-style reservation requests
                           reservations:requests=N[,load=L] for gree and gree-l
              --nodes      how many nodes; --node their size (default 16,65536), in 2048 MB one-vcore containers
              --policies   comma-separated, default %s; also punctual:<admission> (%s), which re-plans
                           each running job from its progress; punctual-once:<admission>, which sizes each job
                           once before it starts; and punctual-expiry:<admission>, where YARN kills a run still
                           going when its reservation ends (Punctual without its move into a best-effort queue)
              --deadlines  Fixed1x, Fixed2x (default), Jockey1x2x, Jockey2x4x, 90loose, Aria1x3x, Aria2x4x
              --seed       the run's seed (default 1): the same seed gives the same jobs.csv, byte for byte
              --launch     seconds from a job's start to its first task (default %s; 0 is the Justice paper's setting)
              --run-noise  σ of each run's log-normal factor on its task times (default %s): how far a run strays
                           from its job's others
              --report     a directory for jobs.csv, summary.json, completion-cdf.png and utilisation.png
              --json       print summary.json's content instead of the table
            Progress goes to standard error. punctual policies use the site configuration (--conf-dir).
            """;

    @Override
    public String summary() {
        return "compare policies on a simulated cluster with a SWIM or synthetic trace";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of("--trace", "--nodes", "--node", "--policies", "--deadlines", "--seed",
                "--launch", "--run-noise", "--report", ConfDirs.FLAG), Set.of("--json", "--help"), "simulate");
        if (flags.has("--help")) {
            context.out().printf(USAGE, DEFAULT_POLICIES, String.join(", ", DeployedPolicies.ADMISSIONS),
                    TaskModel.DEFAULT.launchSeconds(), TaskModel.DEFAULT.runNoise());
            return 0;
        }
        SimulationRequest request = request(flags, context);
        boolean bursts = BurstSimulator.handles(request.trace());
        boolean reservations = ReservationSimulator.handles(request.trace());
        Consumer<String> progress = line -> context.err().println("simulate: " + line);
        RunReport report;
        try {
            report = bursts ? BurstSimulator.run(request, progress)
                    : reservations ? ReservationSimulator.run(request, progress) : jobs(request, flags, context, progress);
        } catch (TraceException bad) {
            throw new UsageException(bad.getMessage());
        }
        print(report, request, flags.has("--json"), context);
        return 0;
    }

    /** The request the flags describe; every value is checked here, before anything runs. */
    private static SimulationRequest request(Flags flags, CliContext context) {
        String trace = flags.value("--trace").orElseThrow(() -> new UsageException(
                "--trace is required: a SWIM file or synthetic:jobs=N; run 'punctual simulate --help'"));
        int nodes = flags.whole("--nodes", -1);
        if (nodes < 1) {
            throw new UsageException("--nodes must be a whole number of nodes ≥ 1, e.g. --nodes 100");
        }
        ClusterSpec cluster = ClusterSpec.of(nodes, flags.value("--node").orElse("16,65536"));
        boolean bursts = BurstSimulator.handles(trace);
        boolean reservations = ReservationSimulator.handles(trace);
        String defaults = bursts ? String.join(",", PolicyCatalog.QUEUE_POLICIES)
                : reservations ? String.join(",", PolicyCatalog.RESERVATION_POLICIES) : DEFAULT_POLICIES;
        List<String> policies = Arrays.stream(flags.value("--policies").orElse(defaults).split(","))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        DeadlineType deadlines = DeadlineType.parse(flags.value("--deadlines").orElse("Fixed2x"));
        long seed = seed(flags.value("--seed").orElse("1"));
        double launch = flags.number("--launch", TaskModel.DEFAULT.launchSeconds());
        if (!(launch >= 0) || Double.isInfinite(launch)) {
            throw new UsageException("--launch is a number of seconds ≥ 0, got " + launch);
        }
        double noise = flags.number("--run-noise", TaskModel.DEFAULT.runNoise());
        if (!(noise >= 0) || noise > 3) {
            throw new UsageException("--run-noise is a σ between 0 and 3 (0.2 spreads runs by about ±20%), got "
                    + noise);
        }
        String tracePath = trace.startsWith("synthetic:") || bursts || reservations ? trace
                : context.resolve(trace).toString();
        return new SimulationRequest(tracePath, cluster, policies, deadlines, seed,
                flags.value("--report").map(context::resolve), TaskModel.DEFAULT.withLaunchSeconds(launch).withRunNoise(noise));
    }

    /** Jobs under the papers' policies and Punctual's own, built from the site configuration. */
    private static RunReport jobs(SimulationRequest request, Flags flags, CliContext context,
                                  Consumer<String> progress) {
        Assembly assembly = ConfDirs.assembly(flags.value(ConfDirs.FLAG), context, false);
        return Simulator.run(request, DeployedPolicies.catalog(assembly), DeployedPolicies.settings(assembly),
                progress);
    }

    private static void print(RunReport report, SimulationRequest request, boolean json, CliContext context) {
        if (json) {
            try {
                context.out().println(new ObjectMapper().writeValueAsString(report.summary()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        context.out().print(report.table());
        request.reportDir().ifPresent(dir -> context.out().println("report: " + dir));
    }

    private static long seed(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--seed must be a whole number, got '" + text + "'");
        }
    }
}
