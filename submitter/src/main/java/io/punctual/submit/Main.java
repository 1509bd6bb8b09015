package io.punctual.submit;

import io.punctual.submit.cli.BatchesCommand;
import io.punctual.submit.cli.BenchCommand;
import io.punctual.submit.cli.CliContext;
import io.punctual.submit.cli.ClusterCommand;
import io.punctual.submit.cli.Command;
import io.punctual.submit.cli.ConfigCheckCommand;
import io.punctual.submit.cli.DemoCommand;
import io.punctual.submit.cli.DoctorCommand;
import io.punctual.submit.cli.ExitStatus;
import io.punctual.submit.cli.ExplainCommand;
import io.punctual.submit.cli.HistoryCommand;
import io.punctual.submit.cli.PlanCommand;
import io.punctual.submit.cli.QueuesCommand;
import io.punctual.submit.cli.ServeCommand;
import io.punctual.submit.cli.SimulateCommand;
import io.punctual.submit.cli.SizingCommand;
import io.punctual.submit.cli.SubmitCommand;
import io.punctual.submit.cli.Version;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.yarn.GatewayException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code punctual} command. */
public final class Main {

    private Main() {
    }

    static Map<String, Command> commands() {
        Map<String, Command> commands = new LinkedHashMap<>();
        commands.put("submit", new SubmitCommand());
        commands.put("demo", new DemoCommand());
        commands.put("explain", new ExplainCommand());
        commands.put("batches", new BatchesCommand());
        commands.put("plan", new PlanCommand());
        commands.put("sizing", new SizingCommand());
        commands.put("history", new HistoryCommand());
        commands.put("config", new ConfigCheckCommand());
        commands.put("queues", new QueuesCommand());
        commands.put("doctor", new DoctorCommand());
        commands.put("serve", new ServeCommand());
        commands.put("cluster", new ClusterCommand());
        commands.put("simulate", new SimulateCommand());
        commands.put("bench", new BenchCommand());
        return commands;
    }

    public static void main(String[] argv) {
        Map<String, String> env = System.getenv();
        PunctualHome home = PunctualHome.from(env);
        // Set before the first logger is created: Punctual's and Hadoop's logs go to a file, not the terminal.
        System.setProperty("punctual.log.dir", home.logs().toString());
        quietJavaUtilLogging(home.logs().resolve("jul.log"));
        Path cwd = Path.of(System.getProperty("punctual.cwd", System.getProperty("user.dir")));
        Install install = Install.fromSystemProperty().orElse(Install.fromRoot(cwd));
        CliContext context = new CliContext(env, System.in, System.out, System.err, Clock.systemUTC(), home, cwd, install);
        int status = run(Arrays.asList(argv), context);
        System.out.flush();
        // Hadoop leaves non-daemon threads behind; the exit status must not wait for them.
        System.exit(status);
    }

    /** Jersey inside the embedded ResourceManager logs through java.util.logging; keep it off the terminal. */
    private static void quietJavaUtilLogging(Path file) {
        java.util.logging.LogManager.getLogManager().reset();
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(java.util.logging.Level.WARNING);
        try {
            java.util.logging.FileHandler handler = new java.util.logging.FileHandler(file.toString(), true);
            handler.setFormatter(new java.util.logging.SimpleFormatter());
            root.addHandler(handler);
        } catch (java.io.IOException e) {
            // Without the file these messages are dropped, which is what the terminal needs anyway.
        }
    }

    /**
     * Runs one command line; every expected failure becomes a one-line message and an {@link ExitStatus}: a wrong
     * command line, configuration or input file ({@link InvalidRequest}, which
     * {@link io.punctual.submit.cli.UsageException} is, or an {@link IllegalArgumentException} naming the value)
     * exits {@link ExitStatus#USAGE}; a cluster, file or state that stopped the command {@link ExitStatus#FAILED}.
     */
    public static int run(List<String> argv, CliContext context) {
        Map<String, Command> commands = commands();
        if (argv.isEmpty() || argv.get(0).equals("help") || argv.get(0).equals("--help")) {
            printHelp(commands, context.out());
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        // Answered before any command, so a release can be identified without a configuration or a cluster.
        if (argv.get(0).equals("--version") || argv.get(0).equals("version")) {
            context.out().println(Version.describe());
            return ExitStatus.OK;
        }
        Command command = commands.get(argv.get(0));
        if (command == null) {
            context.err().println("punctual: unknown command '" + argv.get(0) + "'; run 'punctual help'");
            return ExitStatus.USAGE;
        }
        try {
            return command.run(argv.subList(1, argv.size()), context);
        } catch (InvalidRequest | IllegalArgumentException e) {
            context.err().println("punctual: " + e.getMessage());
            return ExitStatus.USAGE;
        } catch (GatewayException | IllegalStateException | UncheckedIOException e) {
            context.err().println("punctual: " + e.getMessage());
            return ExitStatus.FAILED;
        }
    }

    private static void printHelp(Map<String, Command> commands, PrintStream out) {
        out.println("Usage: punctual <command> [options]\n\nCommands:");
        commands.forEach((name, command) -> out.printf("  %-10s %s%n", name, command.summary()));
        out.println("\nRun 'punctual <command> --help' for a command's options, 'punctual --version' for the version.");
    }
}
