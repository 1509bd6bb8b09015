package io.punctual.submit.bench.report;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code punctual bench verify <dir>}: recomputes a report from the event logs it keeps and says whether every row and
 * summary figure is reproduced ({@link ReportCheck}).
 */
public final class VerifyCommand implements Subcommand {

    static final String USAGE = """
            Usage: punctual bench verify <dir>

            Recomputes a 'punctual bench run --report <dir>' directory from what it keeps: each row's
            executor-seconds from the copy of its event log under <dir>/event-logs, whether each row met its deadline
            from its own times, and every figure of summary.json from the rows. Names each row or figure that is not
            reproduced. Exit status: 0 when everything is, 1 otherwise.
            """;

    @Override
    public String summary() {
        return "recompute a report's rows and summary from the event logs it keeps";
    }

    @Override
    public int run(List<String> args, Path cwd, PrintStream out, PrintStream err) {
        try {
            Arguments parsed = Arguments.parse(args, Set.of("--help"), Set.of(), "verify");
            if (parsed.has("--help")) {
                out.print(USAGE);
                return 0;
            }
            if (parsed.positional().size() != 1) {
                throw new IllegalArgumentException("'punctual bench verify' takes one report directory, got "
                        + parsed.positional().size() + "; run 'punctual bench verify --help'");
            }
            Path dir = cwd.resolve(parsed.positional().get(0)).normalize();
            ReportCheck check = ReportCheck.of(dir);
            check.problems().forEach(p -> out.println("not reproduced: " + p));
            out.println(check.problems().isEmpty()
                    ? "verified: " + check.rows() + " rows and summary.json reproduced from " + check.logs()
                    + " event logs kept in " + dir
                    : check.problems().size() + " problem(s) in " + dir + " (" + check.rows() + " rows, "
                    + check.logs() + " event logs read)");
            return check.problems().isEmpty() ? 0 : 1;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("punctual bench verify: " + e.getMessage());
            return 1;
        }
    }
}
