package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.pipeline.SubmissionOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code punctual demo}: the main job on the embedded default. Starts an in-process YARN cluster with the
 * reservation system on, generates input, reserves capacity until a deadline, runs a real Spark word count inside
 * that reservation, and reports how it went.
 */
public final class DemoCommand implements Command {

    static final String USAGE = """
            Usage: punctual demo [--json] [--deadline <when>] [--executors <n>] [--input-mb <n>]

            Runs a Spark word count inside a YARN reservation on an in-process cluster, end to end.
              --json           end the output with one JSON line describing the run
              --deadline       default 8m
              --executors      default 2
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
        try (ClusterSession cluster = ClusterSession.open(true, context)) {
            context.out().println("punctual: embedded YARN cluster up in "
                    + cluster.startupTime().map(Duration::toMillis).orElse(0L) + " ms (ResourceManager web UI http://"
                    + cluster.embedded().orElseThrow().resourceManagerWebAddress() + ")");
            SubmitArguments args = SubmitArguments.parse(wordCount(context, input, options));
            Instant deadline = Deadlines.parse(options.deadline, context.clock());
            SubmissionOutcome outcome = SubmissionRunner.run(cluster, context, args, deadline,
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

    private static List<String> wordCount(CliContext context, Path input, Options options) {
        List<String> args = new ArrayList<>(List.of(
                "--class", "io.punctual.workloads.WordCount",
                "--name", "punctual-demo-wordcount",
                "--num-executors", Integer.toString(options.executors),
                "--executor-memory", "1g",
                "--executor-cores", "1",
                "--driver-memory", "1g",
                "--job-key", "demo-wordcount",
                "--conf", "spark.yarn.maxAppAttempts=1",
                "--conf", "spark.ui.showConsoleProgress=false"));
        args.add(context.install().requireWorkloadsJar().toString());
        args.add(input.toUri().toString());
        args.add(Integer.toString(options.executors * 4));
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
        } else {
            boolean rejected = outcome instanceof SubmissionOutcome.Rejected;
            node.put("finalStatus", rejected ? "REJECTED" : "FAILED");
            node.put("reason", rejected ? ((SubmissionOutcome.Rejected) outcome).reason()
                    : ((SubmissionOutcome.Failed) outcome).reason());
            node.put("metDeadline", false);
        }
        return node.toString();
    }

    private static final class Options {
        boolean json;
        boolean help;
        String deadline = "8m";
        int executors = 2;
        int inputMb = 32;

        static Options parse(List<String> argv) {
            Options o = new Options();
            for (int i = 0; i < argv.size(); i++) {
                String arg = argv.get(i);
                switch (arg) {
                    case "--json" -> o.json = true;
                    case "--help", "-h" -> o.help = true;
                    case "--deadline" -> o.deadline = value(argv, ++i, arg);
                    case "--executors" -> o.executors = positive(value(argv, ++i, arg), arg);
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
