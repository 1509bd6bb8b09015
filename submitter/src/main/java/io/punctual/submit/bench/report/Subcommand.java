package io.punctual.submit.bench.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sub-command of {@code punctual bench} that reads report directories ({@code report}, {@code compare}, {@code verify}). The
 * {@code bench} command dispatches to these by name ({@link #all()}); each parses its own arguments and prints its own
 * errors, returning the exit status (0, or 1 for any failure, spark-submit's convention).
 */
public interface Subcommand {

    /** @param cwd the directory relative paths are resolved against (where the user typed the command) */
    int run(List<String> args, Path cwd, PrintStream out, PrintStream err);

    /** One line for {@code punctual bench --help}. */
    String summary();

    /** The report side's sub-commands by name, for {@code punctual bench <name> ...}. */
    static Map<String, Subcommand> all() {
        Map<String, Subcommand> all = new LinkedHashMap<>();
        all.put("report", new ReportCommand());
        all.put("compare", new CompareCommand());
        all.put("verify", new VerifyCommand());
        return all;
    }
}
