package io.punctual.submit.cli;

import io.punctual.submit.assembly.Assembly;
import java.util.Optional;

import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.Deadlines;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.request.IgnoredInputs;
import io.punctual.submit.request.RequestKeys;
import io.punctual.submit.request.SparkOption;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.pipeline.SubmissionOutcome;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code punctual submit}: spark-submit with a deadline, run inside reserved YARN capacity. */
public final class SubmitCommand implements Command {

    static final String USAGE = """
            Usage: punctual submit [spark-submit options] --deadline <when> <app jar | python file> [app arguments]

            Runs a Spark application on YARN inside capacity reserved for it until its deadline.

              --deadline <when>     a duration from now (45m, 1h30m, PT2H) or a time (2026-11-22T18:00:00Z)
              --embedded            use an in-process YARN cluster instead of HADOOP_CONF_DIR's
              --confidence <0..1>   the probability of meeting the deadline to size for (used once sizing lands)
              --job-key <name>      the recurring job this run belongs to (default: app name and main class)
              --team <name>         the team the job belongs to (its settings come from teams/<name>.conf)
              --conf-dir <dir>      the configuration directory (default: $PUNCTUAL_CONF_DIR, else conf/embedded
                                    with --embedded, else conf); it must load, as 'punctual config check' says

            Every spark-submit option passes through (--class, --conf, --jars, --executor-memory, ...).
            Sizing reads the properties file spark-submit reads: --properties-file <file>, else
            spark-defaults.conf in $SPARK_CONF_DIR, else in $SPARK_HOME/conf; --conf and the dedicated
            options win over it, and it wins over the team's configuration.
            Punctual sets --master yarn, the queue (the reservation's), and pins the executors
            (--num-executors, dynamic allocation off). --deploy-mode defaults to cluster, so the driver
            runs inside the reservation too. Exit status: 0 the application succeeded; 1 it failed or was
            killed, or the cluster could not be used; 2 a wrong command line (nothing was started); 3 refused at
            admission, the deadline cannot be met (nothing was launched).
            """;

    private static final Set<String> NOT_ON_YARN = Set.of("--kill", "--status", "--remote");

    @Override
    public String summary() {
        return "submit a Spark application with a deadline (spark-submit options pass through)";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        List<String> rest = new ArrayList<>(argv);
        Optional<String> confDir = ConfDirs.take(rest);
        SubmitArguments args = SubmitArguments.parse(rest);
        if (args.has("--help") || argv.isEmpty()) {
            context.out().print(USAGE);
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        if (args.has("--version")) {
            context.out().println(Version.describe());
            return 0;
        }
        // Before anything else reads it, and before a cluster is opened: a file that cannot be read stops here.
        SubmitArguments checked = validated(SubmissionRunner.withPropertiesFile(args, context), context);
        Instant deadline = Deadlines.parse(checked.conf(DeadlineKeys.BY).orElseThrow(() -> new UsageException(
                "--deadline is required: Punctual reserves capacity until it (e.g. --deadline 45m)")), context.clock());
        Assembly assembly = ConfDirs.assembly(confDir, context, checked.embedded());
        if (SparkRuntime.isPython(checked.primaryResource())) {
            // Before a cluster is opened or anything reserved: a Python application this Spark cannot run.
            assembly.requirePython(SubmissionRunner.runtime(context), checked.primaryResource());
        }
        try (ClusterSession cluster = ClusterSession.open(checked.embedded(), context)) {
            EventPrinter printer = new EventPrinter(context.out(), context.clock());
            SubmissionOutcome outcome = SubmissionRunner.run(cluster, context, assembly, checked, deadline, printer);
            return Outcomes.print(outcome, context);
        }
    }

    /** Refuses what cannot work before anything is reserved, and makes the application path absolute. */
    static SubmitArguments validated(SubmitArguments given, CliContext context) {
        RequestKeys.requireKnown(given.conf());
        IgnoredInputs.Kept kept = IgnoredInputs.drop(given);
        kept.warnings().forEach(context.err()::println);
        SubmitArguments args = kept.args();
        for (SparkOption option : args.sparkOptions()) {
            if (NOT_ON_YARN.contains(option.name())) {
                throw new UsageException(option.name() + " is not supported on YARN; Punctual only submits to YARN");
            }
        }
        args.option("--master").filter(m -> !m.equals("yarn")).ifPresent(m -> {
            throw new UsageException("--master " + m + " is not YARN; Punctual reserves YARN capacity, so leave --master"
                    + " out or set it to yarn");
        });
        args.option("--deploy-mode").filter(m -> !m.equals("cluster") && !m.equals("client")).ifPresent(m -> {
            throw new UsageException("--deploy-mode must be cluster or client, got '" + m + "'");
        });
        if (args.primaryResource() == null) {
            throw new UsageException("missing the application jar (or Python file) after the options; run"
                    + " 'punctual submit --help'");
        }
        return withResource(args, resolveResource(args.primaryResource(), context));
    }

    private static String resolveResource(String resource, CliContext context) {
        URI uri = URI.create(resource.replace(" ", "%20"));
        if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
            return resource;
        }
        Path path = uri.getScheme() == null ? context.resolve(resource) : Path.of(uri);
        if (!Files.isRegularFile(path)) {
            throw new UsageException("the application file " + path + " does not exist; check the path (relative paths"
                    + " are read from " + context.cwd() + ")");
        }
        return path.toString();
    }

    private static SubmitArguments withResource(SubmitArguments args, String resource) {
        return new SubmitArguments(args.sparkOptions(), args.conf(), resource, new ArrayList<>(args.appArgs()),
                args.embedded());
    }
}
