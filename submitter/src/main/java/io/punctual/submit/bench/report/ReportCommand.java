package io.punctual.submit.bench.report;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * {@code punctual bench report <dir> [--previous <dir>[,<dir>...]] [--json]}: (re)builds {@code report.html},
 * {@code results.csv} and {@code summary.json} in a report directory from its {@code results.json},
 * {@code run.json} and event logs, and prints the summary table.
 */
public final class ReportCommand implements Subcommand {

    static final String USAGE = """
            Usage: punctual bench report <dir> [--previous <dir>[,<dir>...]] [--json]

            Rebuilds the report of a 'punctual bench run --report <dir>' directory from its results.json, run.json
            and the event logs its rows name: report.html (one self-contained page), results.csv and summary.json.
            Prints the summary table, and whether each Punctual policy met the goal.

              --previous  earlier weeks' report directories, shown in the week-over-week charts
              --json      print summary.json's content instead of the table
            """;

    @Override
    public String summary() {
        return "rebuild report.html, results.csv and summary.json of a report directory";
    }

    @Override
    public int run(List<String> args, Path cwd, PrintStream out, PrintStream err) {
        try {
            Arguments parsed = Arguments.parse(args, Set.of("--json", "--help"), Set.of("--previous"), "report");
            if (parsed.has("--help")) {
                out.print(USAGE);
                return 0;
            }
            if (parsed.positional().size() != 1) {
                throw new IllegalArgumentException("'punctual bench report' takes one report directory, got "
                        + parsed.positional().size() + "; run 'punctual bench report --help'");
            }
            Path dir = cwd.resolve(parsed.positional().get(0)).normalize();
            List<Path> previous = parsed.value("--previous").stream()
                    .flatMap(v -> Arrays.stream(v.split(","))).map(String::strip).filter(s -> !s.isEmpty())
                    .map(s -> cwd.resolve(s).normalize()).toList();
            ReportSummary summary = BenchReport.write(dir, previous);
            if (parsed.has("--json")) {
                out.println(summary.toJson());
            } else {
                print(summary, dir, out);
            }
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("punctual bench report: " + e.getMessage());
            return 1;
        }
    }

    /** The table, the goal's verdicts, and what did not check out; what {@code bench run} prints at its end too. */
    public static void print(ReportSummary summary, Path dir, PrintStream out) {
        out.print(SummaryTable.render(summary.policies()));
        if (summary.spansWeeks()) {
            out.println();
            out.print(SummaryTable.render(summary.weeks()));
        }
        summary.goals().forEach(g -> out.println(g.headline()));
        summary.problems().forEach(p -> out.println("check: " + p));
        out.println("report: " + dir.resolve(ReadReport.HTML));
    }
}
