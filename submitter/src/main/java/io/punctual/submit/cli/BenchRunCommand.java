package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.bench.Arrivals;
import io.punctual.submit.bench.BenchRun;
import io.punctual.submit.bench.BenchTarget;
import io.punctual.submit.bench.DeadlineMix;
import io.punctual.submit.bench.JsonFiles;
import io.punctual.submit.bench.Policy;
import io.punctual.submit.bench.ReportDir;
import io.punctual.submit.bench.ReportHook;
import io.punctual.submit.bench.report.BenchReport;
import io.punctual.submit.bench.report.ReadReport;
import io.punctual.submit.bench.report.ReportCommand;
import io.punctual.submit.bench.RunPlan;
import io.punctual.submit.bench.Suites;
import io.punctual.workloads.suite.BenchSuite;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code punctual bench run}: one weekly benchmark run through a Punctual gateway ({@link BenchRun}). Every option is
 * checked, and the report directory, the configuration and the token too, before a cluster is started.
 */
final class BenchRunCommand implements Command {

    static final String USAGE = """
            Usage: punctual bench run --suite <name> --report <dir> [--jobs a,b] [--scale <s>]
                     [--weeks-of-history <n>] [--deadline-mix <spec>] [--contention <share>] [--policies <list>]
                     [--seed <n>] [--arrivals <spec>] [--verify] [--force | --resume] [--json]
                     [--gateway <url> --token <token>]

            Runs the suite's jobs through a Punctual gateway under each policy in turn (same arrivals, same deadlines,
            same background load), and writes results.json (one row per job and policy) and run.json to --report.
              --suite              %s
              --jobs               the jobs to run (default: all of the suite's)
              --scale              the suite's input scale (default: its smallest)
              --weeks-of-history   prior runs each job has first (default 3; a bench home keeps them across runs)
              --deadline-mix       deadline = arrival + factor x isolated runtime (default %s)
              --contention         share of the cluster's vcores busy with background jobs (default 0.3)
              --policies           some of %s, and static:N for static at exactly N executors (within the team's
                                   cap, which the gateway enforces); punctual is judged against every static count
                                   and dynamic that ran (default: the four without a count)
              --confidences        Punctual at each of these confidences (e.g. 0.5,0.8,0.9,0.95: punctual@0.5, …)
                                   in place of plain punctual, for the report's Pareto picture
              --seed               seeds the arrivals, the job order and the deadline factors (default 1)
              --arrivals           poisson:<mean gap> or swim:<trace file>[,speedup=<f>] (default %s)
              --static-executors   the team's fixed count under static (default 2)
              --history-executors  counts the history weeks cycle through (default 1,2,3,4)
              --oracle-runs        runs of each job at each of those counts under the background load, before the
                                   policies; the oracle is then their medians' cheapest count that meets the deadline
                                   (default 0: the idle history runs; 3 or more for a published week)
              --executor-cores     cores of every executor (default 1)
              --verify             check every run's answer against a second SQL engine's (DuckDB's over the same
                                   Parquet, TPC-DS jobs only): a run that answers otherwise fails
              --history-deadline   how long each history run is given (default 20m)
              --force / --resume   replace a report directory that exists / continue its run
              --json               end with one JSON line summing up each policy
              --bench-home         the bench's Punctual home, kept across weekly runs (default $PUNCTUAL_HOME/bench)
              --conf-dir           the embedded gateway's configuration (default conf/bench: conf/embedded with
                                   the team's queue as large as the plan queue, which the bench sizes from it)
              --gateway, --token   measure through a running gateway instead of an embedded one
              --event-log-dir      where that gateway's applications write event logs (default
                                   $PUNCTUAL_EVENT_LOG_DIR, else $PUNCTUAL_HOME/history/event-logs)
              --cluster-vcores     the embedded cluster's vcores in all, or "host" for this machine's cores
                                   (default 16, which time-share the host's cores); through --gateway, that
                                   cluster's vcores (default: read from HADOOP_CONF_DIR's YARN)
              --contention-queue   the queue background jobs run in (default: the site's best-effort queue,
                                   "default" with --gateway)
              --workloads-jar      the workloads jar as that gateway reads it (default: this installation's)
            """;

    private static final Set<String> VALUED = Set.of("--suite", "--jobs", "--scale", "--weeks-of-history",
            "--deadline-mix", "--contention", "--policies", "--confidences", "--seed", "--report", "--gateway",
            "--token", "--static-executors", "--history-executors", "--oracle-runs", "--executor-cores", "--arrivals",
            "--bench-home", ConfDirs.FLAG, "--event-log-dir", "--cluster-vcores", "--contention-queue",
            "--history-deadline", "--workloads-jar");
    private static final Set<String> SWITCHES = Set.of("--force", "--resume", "--json", "--help", "--verify");

    /** Writes report.html, results.csv and summary.json once a run has finished, and prints the summary table. */
    static ReportHook reportTo(CliContext context) {
        return dir -> ReportCommand.print(BenchReport.write(dir), dir, context.out());
    }

    @Override
    public String summary() {
        return "run every policy on a suite's jobs through a gateway; write results.json and run.json";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, VALUED, SWITCHES, "bench run");
        if (flags.has("--help")) {
            context.out().print(USAGE.formatted(String.join(", ", Suites.names()), DeadlineMix.DEFAULT,
                    Policy.known(), Arrivals.DEFAULT));
            return 0;
        }
        if (!flags.positional().isEmpty()) {
            throw new UsageException("'punctual bench run' takes no arguments, got " + flags.positional()
                    + "; run 'punctual bench run --help'");
        }
        String suiteName = required(flags, "--suite");
        BenchSuite suite = Suites.lookup(suiteName);
        String scale = flags.value("--scale").orElse(suite.scales().get(0));
        RunPlan plan = new RunPlan(suiteName, Suites.jobs(suite, flags.value("--jobs").orElse(""), scale), scale,
                flags.whole("--weeks-of-history", 3), flags.value("--deadline-mix").orElse(DeadlineMix.DEFAULT),
                flags.number("--contention", 0.3), labels(flags.value("--policies"), flags.value("--confidences")),
                seed(flags), flags.value("--arrivals").orElse(Arrivals.DEFAULT), flags.whole("--static-executors", 2),
                counts(flags.value("--history-executors").orElse("1,2,3,4")), flags.whole("--executor-cores", 1),
                flags.whole("--oracle-runs", 0), flags.has("--verify"));
        if (plan.verify() && suite.checkable(plan.jobs()).isEmpty()) {
            throw new UsageException("--verify checks answers against a second SQL engine, which only TPC-DS jobs have;"
                    + " none of " + String.join(", ", plan.jobs()) + " is one");
        }
        Duration historyDeadline = duration(flags.value("--history-deadline").orElse("20m"));
        ReportDir report = ReportDir.open(context.resolve(required(flags, "--report")), flags.has("--force"),
                flags.has("--resume"));
        BenchRun.checkResume(report, plan);
        Path benchHome = flags.value("--bench-home").map(context::resolve)
                .orElseGet(() -> context.home().root().resolve("bench"));
        try (BenchTarget target = target(flags, plan, benchHome, context)) {
            context.out().println("punctual: bench " + plan.suite() + " at scale " + plan.scale() + ", "
                    + plan.jobs().size() + " job(s), policies " + String.join(", ", plan.policies()) + ", through "
                    + target.label() + " gateway " + target.client().base() + "; bench home " + benchHome);
            BenchRun.Result result = BenchRun.run(new BenchRun.Setup(plan, suite, report, target, historyDeadline,
                    reportTo(context), context.out(), context.clock()));
            print(result, report, flags.has("--json"), context);
            return result.interrupted() ? 1 : 0;
        }
    }

    private static BenchTarget target(Flags flags, RunPlan plan, Path benchHome, CliContext context) {
        Optional<String> gateway = flags.value("--gateway");
        if (gateway.isEmpty()) {
            for (String remoteOnly : List.of("--event-log-dir", "--workloads-jar")) {
                if (flags.value(remoteOnly).isPresent()) {
                    throw new UsageException(remoteOnly + " describes a running gateway; give --gateway too");
                }
            }
            var checked = BenchTargets.checkEmbedded(flags.value(ConfDirs.FLAG), flags.value("--token"),
                    embeddedVcores(flags), context);
            BenchTarget target = BenchTargets.embedded(checked, benchHome, context);
            return flags.value("--contention-queue").map(target::withBestEffortQueue).orElse(target);
        }
        String token = flags.value("--token").or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_TOKEN")))
                .orElseThrow(() -> new UsageException("--gateway needs the team's --token (or $PUNCTUAL_TOKEN)"));
        Optional<Integer> vcores = flags.value("--cluster-vcores").map(v -> flags.whole("--cluster-vcores", 0));
        BenchTarget target = BenchTargets.remote(new BenchTargets.Remote(URI.create(gateway.get()), token,
                flags.value("--event-log-dir").map(context::resolve), vcores,
                flags.value("--contention-queue").orElse("default"), flags.value("--workloads-jar")), benchHome,
                context);
        if (plan.contention() > 0 && target.clusterVcores().isEmpty()) {
            throw new UsageException("--contention needs the cluster's size: pass --cluster-vcores, or set"
                    + " HADOOP_CONF_DIR to the cluster's configuration");
        }
        return target;
    }

    /** {@code --cluster-vcores} for the embedded cluster: a count, or {@code host} for this machine's cores. */
    private static Optional<Integer> embeddedVcores(Flags flags) {
        Optional<String> given = flags.value("--cluster-vcores");
        if (given.isPresent() && given.get().equals("host")) {
            return Optional.of(Runtime.getRuntime().availableProcessors());
        }
        Optional<Integer> vcores = given.map(v -> flags.whole("--cluster-vcores", 0));
        if (vcores.isPresent() && vcores.get() < 1) {
            throw new UsageException("--cluster-vcores must be at least 1, or \"host\"; got " + vcores.get());
        }
        return vcores;
    }

    private static void print(BenchRun.Result result, ReportDir report, boolean json, CliContext context) {
        context.out().println("punctual: week " + result.run().week() + " " + result.run().status() + " in "
                + Math.round(Optional.ofNullable(result.run().wallSeconds()).orElse(0.0)) + " s; " + report.dir()
                .resolve(ReportDir.RESULTS) + " and " + ReportDir.RUN);
        Path summary = report.dir().resolve(ReadReport.SUMMARY);
        if (json && Files.isRegularFile(summary)) {
            // One line: the report's own summary (per policy and week, the goal's verdicts), as summary.json holds it.
            try {
                ObjectNode line = JsonFiles.JSON.createObjectNode();
                line.put("suite", result.run().suite()).put("scale", result.run().scale())
                        .put("week", result.run().week()).put("status", result.run().status())
                        .put("report", report.dir().toString());
                line.set("summary", JsonFiles.JSON.readTree(summary.toFile()));
                context.out().println(line.toString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot read " + summary, e);
            }
        }
    }

    private static String required(Flags flags, String name) {
        return flags.value(name).filter(v -> !v.isBlank()).orElseThrow(() -> new UsageException(
                "'punctual bench run' needs " + name + "; run 'punctual bench run --help'"));
    }

    private static List<String> labels(Optional<String> policies, Optional<String> confidences) {
        List<Policy> named = Policy.list(policies.orElse(Policy.known()));
        if (confidences.isPresent()) {
            List<Double> levels = new ArrayList<>();
            for (String level : confidences.get().split(",")) {
                levels.add(Policy.confidenceIn(level).orElseThrow(() -> new UsageException("--confidences must list"
                        + " confidences above 0 and below 1, e.g. 0.5,0.8,0.9,0.95; got '" + level.trim() + "'")));
            }
            named = Policy.atConfidences(named, levels);
        }
        return named.stream().map(Policy::label).toList();
    }

    private static long seed(Flags flags) {
        String text = flags.value("--seed").orElse("1");
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--seed must be a whole number, got '" + text + "'");
        }
    }

    private static List<Integer> counts(String text) {
        List<Integer> counts = new ArrayList<>();
        for (String part : Arrays.asList(text.split(","))) {
            try {
                counts.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new UsageException("--history-executors must list whole numbers (e.g. 1,2,3,4), got '" + text
                        + "'");
            }
        }
        return counts;
    }

    private static Duration duration(String text) {
        return io.punctual.submit.bench.BenchDurations.parse(text, "--history-deadline");
    }
}
