package io.punctual.submit.cli;

import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.bench.DemoInput;

import io.punctual.submit.request.Deadlines;
import io.punctual.submit.request.SubmitArguments;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.pipeline.SubmissionOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code punctual demo}: the main job on the embedded default. Starts an in-process YARN cluster with the
 * reservation system on, generates input, reserves capacity until a deadline, runs a real Spark word count inside
 * that reservation, and reports how it went.
 */
public final class DemoCommand implements Command {

    static final String USAGE = """
            Usage: punctual demo [--json] [--deadline <when>] [--warmup-runs <n>] [--input-mb <n>]

            Runs a Spark word count on an in-process YARN cluster, end to end: first a few runs at 1, 2, 3...
            executors (your explicit --num-executors, as a user would) so Punctual learns the job, then one run with
            a deadline that Punctual sizes from that history, inside its reservation; it reports predicted versus
            actual finish.
              --json           end the output with one JSON line describing the sized run
              --deadline       the sized run's deadline, default 4m
              --warmup-runs    runs that build history first, default 3 (RUSH sizes from 3 good runs)
              --input-mb       size of the generated text input, default 32
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String summary() {
        return "run a Spark word count inside a YARN reservation on an in-process cluster";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Options options = Options.parse(argv);
        if (options.help) {
            context.out().print(USAGE);
            return 0;
        }
        Path input = DemoInput.ensure(context.home().data().resolve("demo-words-" + options.inputMb + "mb"),
                options.inputMb, 42);
        context.out().println("punctual: demo input " + input + " (" + options.inputMb + " MB of text)");
        Instant started = context.clock().instant();
        Assembly assembly = ConfDirs.assembly(Optional.empty(), context, true);
        try (ClusterSession cluster = ClusterSession.open(true, context)) {
            context.out().println("punctual: embedded YARN cluster up in "
                    + cluster.startupTime().map(Duration::toMillis).orElse(0L) + " ms (ResourceManager web UI http://"
                    + cluster.embedded().orElseThrow().resourceManagerWebAddress() + ")");
            for (int run = 1; run <= options.warmupRuns; run++) {
                warmUp(cluster, context, assembly, input, run, options);
            }
            context.out().println("punctual: now a run Punctual sizes itself, due in " + options.deadline);
            SubmitArguments args = SubmitArguments.parse(wordCount(context, input, Optional.empty()));
            Instant deadline = Deadlines.parse(options.deadline, context.clock());
            SubmissionOutcome outcome = SubmissionRunner.run(cluster, context, assembly, args, deadline,
                    new EventPrinter(context.out(), context.clock()));
            int status = Outcomes.print(outcome, context);
            context.out().println("punctual: demo took " + Deadlines.human(Duration.between(started,
                    context.clock().instant())));
            if (options.json) {
                context.out().println(json(outcome));
            }
            return status;
        }
    }

    /** One history-building run at an executor count the user picked, reported in one line. */
    private static void warmUp(ClusterSession cluster, CliContext context, Assembly assembly, Path input, int run,
                               Options options) {
        int executors = 1 + (run - 1) % 3;
        SubmitArguments args = SubmitArguments.parse(wordCount(context, input, Optional.of(executors)));
        Instant deadline = Deadlines.parse("8m", context.clock());
        SubmissionOutcome outcome = SubmissionRunner.run(cluster, context, assembly, args, deadline, event -> { });
        if (outcome instanceof SubmissionOutcome.Finished f) {
            context.out().printf("punctual: history run %d/%d at %d executor(s): %s %s in %s%n", run,
                    options.warmupRuns, executors, f.app(), f.state(),
                    Deadlines.human(Duration.between(f.submission().submittedAt(), f.finishedAt())));
        } else {
            Outcomes.print(outcome, context);
        }
    }

    private static List<String> wordCount(CliContext context, Path input, Optional<Integer> executors) {
        List<String> args = new ArrayList<>();
        executors.ifPresent(n -> args.addAll(List.of("--num-executors", Integer.toString(n))));
        args.addAll(List.of(
                "--class", "io.punctual.workloads.WordCount",
                "--name", "punctual-demo-wordcount",
                "--executor-memory", "1g",
                "--executor-cores", "1",
                "--driver-memory", "1g",
                "--job-key", "demo-wordcount",
                "--conf", "spark.yarn.maxAppAttempts=1",
                "--conf", "spark.ui.showConsoleProgress=false"));
        args.add(context.install().requireWorkloadsJar().toString());
        args.add(input.toUri().toString());
        args.add("8");
        return args;
    }

    static String json(SubmissionOutcome outcome) {
        ObjectNode node = JSON.createObjectNode();
        if (outcome instanceof SubmissionOutcome.Finished f) {
            node.put("applicationId", f.app().value());
            node.put("queue", f.queue());
            node.put("reservationId", f.reservation().value());
            node.put("executors", f.sizing().shapes().executors());
            node.put("finalStatus", f.state().name());
            node.put("deadline", f.submission().deadline().toString());
            node.put("finishedAt", f.finishedAt().toString());
            node.put("metDeadline", f.metDeadline());
            node.put("eventLog", f.eventLog().map(Path::toString).orElse(null));
            node.put("sizedBy", f.sizing().decision().method());
            node.put("predictedFinishP50", f.sizing().decision().p50Finish().map(Instant::toString).orElse(null));
            node.put("predictedFinishAtConfidence", f.sizing().decision().thetaFinish().map(Instant::toString)
                    .orElse(null));
        } else {
            boolean rejected = outcome instanceof SubmissionOutcome.Rejected;
            node.put("finalStatus", rejected ? "REJECTED" : "FAILED");
            node.put("reason", rejected ? ((SubmissionOutcome.Rejected) outcome).reason()
                    : outcome instanceof SubmissionOutcome.Killed k ? "killed: " + k.why()
                    : ((SubmissionOutcome.Failed) outcome).reason());
            node.put("metDeadline", false);
        }
        return node.toString();
    }

    private static final class Options {
        boolean json;
        boolean help;
        String deadline = "4m";
        int warmupRuns = 3;
        int inputMb = 32;

        static Options parse(List<String> argv) {
            Options o = new Options();
            for (int i = 0; i < argv.size(); i++) {
                String arg = argv.get(i);
                switch (arg) {
                    case "--json" -> o.json = true;
                    case "--help", "-h" -> o.help = true;
                    case "--deadline" -> o.deadline = value(argv, ++i, arg);
                    case "--warmup-runs" -> o.warmupRuns = Integer.parseInt(value(argv, ++i, arg));
                    case "--input-mb" -> o.inputMb = positive(value(argv, ++i, arg), arg);
                    default -> throw new UsageException("unknown demo option " + arg + "; run 'punctual demo --help'");
                }
            }
            return o;
        }

        private static String value(List<String> argv, int i, String option) {
            if (i >= argv.size()) {
                throw new UsageException(option + " needs a value");
            }
            return argv.get(i);
        }

        private static int positive(String text, String option) {
            try {
                int n = Integer.parseInt(text);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new UsageException(option + " must be a positive whole number, got '" + text + "'");
        }
    }
}
