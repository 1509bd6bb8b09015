package io.punctual.submit.cli;

import io.punctual.submit.bench.report.Subcommand;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code punctual bench}: the weekly benchmark (issue 9); {@code run} measures, its sub-commands are listed here. */
public final class BenchCommand implements Command {

    private final Map<String, Command> subcommands = new LinkedHashMap<>();

    public BenchCommand() {
        subcommands.put("run", new BenchRunCommand());
        Subcommand.all().forEach((name, sub) -> subcommands.put(name, new Command() {
            @Override
            public int run(List<String> argv, CliContext context) {
                return sub.run(argv, context.cwd(), context.out(), context.err());
            }

            @Override
            public String summary() {
                return sub.summary();
            }
        }));
    }

    @Override
    public String summary() {
        return "weekly benchmark runs: deadlines met and executor-seconds per policy, on real Spark jobs";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        if (argv.isEmpty() || argv.get(0).equals("--help") || argv.get(0).equals("help")) {
            context.out().println("Usage: punctual bench <command> [options]\n\nCommands:");
            subcommands.forEach((name, c) -> context.out().printf("  %-8s %s%n", name, c.summary()));
            context.out().println("\nRun 'punctual bench <command> --help' for its options.");
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        Command command = subcommands.get(argv.get(0));
        if (command == null) {
            throw new UsageException("unknown bench command '" + argv.get(0) + "'; the commands are "
                    + String.join(", ", subcommands.keySet()));
        }
        return command.run(argv.subList(1, argv.size()), context);
    }
}
