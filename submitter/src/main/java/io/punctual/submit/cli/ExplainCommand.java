package io.punctual.submit.cli;

import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.bench.GatewayClient;
import io.punctual.submit.config.Settings;

import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.PropertiesFile;
import io.punctual.submit.request.Deadlines;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlanOptions;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.sizing.sizer.SizingTerm;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.submit.pipeline.InputSizes;
import io.punctual.submit.pipeline.SubmissionSizer;
import io.punctual.yarn.hadoop.YarnGateways;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code punctual explain}: every term of a sizing decision, without reserving or launching anything. Without a
 * cluster it assumes the embedded cluster's plan (or {@code --capacity}). With {@code --batch}, what a running gateway
 * says of one of the team's batches, and while it waits for admission who it waits for and why
 * ({@link BatchExplanation}).
 */
public final class ExplainCommand implements Command {

    static final String USAGE = """
            Usage: punctual explain <team/job> --deadline <when> [--confidence <θ>] [--executors <n>]
                                    [--executor-memory <size>] [--executor-cores <n>] [--capacity <vcores>,<memoryMb>]
                                    [--input <path>[,<path>...]] [--properties-file <file>] [--json]
                                    [--conf-dir <dir>] [--embedded]
                   punctual explain --batch <id> [--gateway <url>] [--token <token>] [--json]

            Shows how Punctual would size the job for that deadline: its history, RUSH's worst-case demand or
            Justice's fraction, the runtime predicted at the chosen executor count, and which bound decided
            (deadline, max parallelism, team cap, cluster capacity) - or why the deadline cannot be met and the
            earliest one that can. --executors is an explicit override, shown as such. A job without history is
            sized from its own width: --input (spark.deadline.inputPaths; measured on the cluster HADOOP_CONF_DIR
            names, over 128 MiB splits), else its spark.default.parallelism, else --executors, else the team cap,
            and the "max parallelism" term says which. The plan's capacity is
            --capacity if given, else the embedded cluster's. Settings (confidence, cap, executor shape, RUSH's
            radius) come from the configuration directory: --conf-dir, else $PUNCTUAL_CONF_DIR, else conf/embedded
            with --embedded, else conf - the same one 'punctual submit' and 'punctual serve' read. As for
            submit, the Spark properties file (--properties-file, else spark-defaults.conf in $SPARK_CONF_DIR,
            else in $SPARK_HOME/conf) counts beneath the options and over the team's configuration.

            With --batch, explains a batch a running gateway holds instead: its state and the sizing the gateway
            recorded, and while it waits in the admission queue (punctual.admission.policy justice or rush) its
            place, the batches ahead of it, the policy's order, what the plan answered at its last turn, the
            earliest deadline with room, and under rush the completion, lateness and utility arbitration expects.
            A batch that no longer waits shows its state, and its last place if it waited. Another team's batch
            ahead is shown as such, without its id or job. --gateway defaults to $PUNCTUAL_GATEWAY, else
            http://127.0.0.1:8998; --token (the batch's team's) to $PUNCTUAL_TOKEN.
            Exit status: 0 shown (a sizing that meets the deadline, without --batch); 3 the deadline cannot be met;
            2 a wrong command line; 1 otherwise: a batch the token's team does not have, a gateway that does not
            answer.
            """;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GATEWAY = GatewayAddress.GATEWAY;
    private static final String TOKEN = GatewayAddress.TOKEN;
    private static final String PROPERTIES_FILE = "--properties-file";

    @Override
    public String summary() {
        return "show every term of a job's sizing decision for a deadline, without launching";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of("--deadline", "--confidence", "--executors", "--input", "--executor-memory",
                "--executor-cores", "--capacity", ConfDirs.FLAG, "--batch", GATEWAY, TOKEN, PROPERTIES_FILE),
                Set.of("--json", "--help", "--embedded"), "explain");
        if (flags.has("--help") || argv.isEmpty()) {
            context.out().print(USAGE);
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        if (flags.value("--batch").isPresent()) {
            return explainBatch(flags, context);
        } else if (flags.value(GATEWAY).isPresent() || flags.value(TOKEN).isPresent()) {
            throw new UsageException("--gateway and --token go with --batch <id>: a sizing is explained offline");
        }
        JobKey job = HistoryCommand.jobKey(flags.onlyPositional("job key (team/name)", "explain"));
        Instant deadline = Deadlines.parse(flags.value("--deadline").orElseThrow(() -> new UsageException(
                "--deadline is required: sizing answers for a deadline")), context.clock());
        Assembly assembly = ConfDirs.assembly(flags.value(ConfDirs.FLAG), context, flags.has("--embedded"));
        // What submit would size from: the properties file spark-submit reads, beneath the options given here.
        Map<String, String> asked = new HashMap<>(PropertiesFile.of(flags.value(PROPERTIES_FILE), context.env(),
                context.cwd()).map(PropertiesFile::properties).orElse(Map.of()));
        flags.value("--confidence").ifPresent(v -> asked.put(DeadlineKeys.CONFIDENCE, v));
        flags.value("--executors").ifPresent(v -> asked.put("spark.executor.instances", v));
        flags.value("--input").ifPresent(v -> asked.put(DeadlineKeys.INPUT_PATHS, v));
        flags.value("--executor-memory").ifPresent(v -> asked.put("spark.executor.memory", v));
        flags.value("--executor-cores").ifPresent(v -> asked.put("spark.executor.cores", v));
        Settings settings = assembly.settings(job, asked);
        Map<String, String> conf = settings.sparkConfUnder(asked);
        ContainerShapes one = ContainerShapes.of(conf, true, 1, Resources.of(1, 256));
        Resources plan = flags.value("--capacity").map(PlanOptions::parseCapacity).orElse(embeddedPlan());
        int fit = (int) Math.max(0, plan.minusFloored(one.master()).copiesOf(one.executor()));

        // The input is measured on the cluster HADOOP_CONF_DIR names, as a submission to it would be.
        SubmissionSizer sizer = assembly.sizer(assembly.sizing(settings), YarnGateways.confDirFrom(context.env())
                .map(assembly::inputSizes).orElse(InputSizes.NONE));
        SizingRequest request = sizer.request(job, deadline, conf, List.of(), one, fit);
        SizingDecision decision = sizer.decide(request);
        StoredLearning learning = assembly.learning();
        if (flags.has("--json")) {
            context.out().println(json(job, request, decision));
        } else {
            print(context.out(), job, request, decision, learning.whyNoHistory(job), plan);
            settings.explain().forEach(line -> context.out().println("  setting: " + line));
        }
        return decision instanceof SizingDecision.Sized ? ExitStatus.OK
                : decision instanceof SizingDecision.Unmeetable ? ExitStatus.REFUSED : ExitStatus.FAILED;
    }

    /** {@code --batch}: what a running gateway says of one of the team's batches. */
    private static int explainBatch(Flags flags, CliContext context) {
        if (!flags.positional().isEmpty() || flags.value("--deadline").isPresent()) {
            throw new UsageException("give either <team/job> --deadline <when> (a sizing, offline) or --batch <id>"
                    + " (a batch a gateway holds), not both");
        }
        int id = BatchesCommand.batchId(flags.value("--batch").orElseThrow(), "--batch");
        GatewayClient gateway = GatewayAddress.from(flags, context, "--batch").client();
        JsonNode batch;
        try {
            batch = gateway.batchJson(id);
        } catch (GatewayClient.GatewayRefusal e) {
            return BatchesCommand.notFound(e, gateway, id, context);
        }
        BatchExplanation explained = BatchExplanation.of(batch);
        if (flags.has("--json")) {
            context.out().println(explained.json());
        } else {
            explained.lines(context.clock().instant()).forEach(context.out()::println);
        }
        return ExitStatus.OK;
    }

    private static Resources embeddedPlan() {
        EmbeddedYarnSpec spec = EmbeddedYarnSpec.defaults();
        long memory = (long) spec.nodeManagers() * spec.nodeMemoryMb() * spec.planPercent() / 100;
        long cores = (long) spec.nodeManagers() * spec.nodeVcores() * spec.planPercent() / 100;
        return new Resources(memory, cores);
    }

    private static void print(PrintStream out, JobKey job, SizingRequest request, SizingDecision decision,
                              String whyNoHistory, Resources plan) {
        out.println("job " + job + ", deadline " + request.deadline() + " (in "
                + Deadlines.human(request.window()) + "), confidence " + request.confidence());
        out.println("history: " + request.history().map(h -> h.goodRuns() + " good runs").orElse("none (" + whyNoHistory
                + ")"));
        out.println("plan capacity " + plan + ": holds " + request.clusterExecutors() + " executors of "
                + request.executor());
        for (SizingTerm term : decision.terms()) {
            out.printf("  %-26s %-18s %s%n", term.name(), term.value(), term.meaning());
        }
        if (decision instanceof SizingDecision.Sized s) {
            out.println("decision: " + s.executors() + " executors x " + request.executor() + ", by " + s.method()
                    + ", bound: " + s.decidedBy().name().toLowerCase() + "; reservation holds them "
                    + Deadlines.human(s.hold()));
            s.p50Finish().ifPresent(p -> out.println("predicted finish: " + p + " (median), "
                    + s.thetaFinish().map(Object::toString).orElse("?") + " (at confidence " + request.confidence() + ")"));
        } else if (decision instanceof SizingDecision.Unmeetable u) {
            out.println("decision: the deadline cannot be met (" + u.decidedBy().name().toLowerCase() + "): " + u.reason());
            u.earliestDeadline().ifPresent(d -> out.println("earliest deadline that would be met: " + d));
        } else {
            out.println("decision: none: " + ((SizingDecision.NotApplicable) decision).reason());
        }
    }

    private static String json(JobKey job, SizingRequest request, SizingDecision decision) {
        ObjectNode root = JSON.createObjectNode();
        root.put("jobKey", job.toString());
        root.put("deadline", request.deadline().toString());
        root.put("confidence", request.confidence());
        root.put("goodRuns", request.history().map(h -> h.goodRuns()).orElse(0));
        var terms = root.putArray("terms");
        decision.terms().forEach(t -> terms.addObject().put("name", t.name()).put("value", t.value())
                .put("meaning", t.meaning()));
        if (decision instanceof SizingDecision.Sized s) {
            root.put("verdict", "sized").put("executors", s.executors()).put("method", s.method())
                    .put("bound", s.decidedBy().name().toLowerCase()).put("holdSeconds", s.hold().toSeconds());
            s.p50Finish().ifPresent(p -> root.put("predictedFinishP50", p.toString()));
            s.thetaFinish().ifPresent(p -> root.put("predictedFinishAtConfidence", p.toString()));
        } else if (decision instanceof SizingDecision.Unmeetable u) {
            root.put("verdict", "unmeetable").put("bound", u.decidedBy().name().toLowerCase()).put("reason", u.reason());
            u.earliestDeadline().ifPresent(d -> root.put("earliestDeadline", d.toString()));
        }
        return root.toString();
    }
}
