package io.punctual.submit.cli;

import io.punctual.submit.config.ConfigLoader;
import io.punctual.submit.config.ConfigProblem;
import io.punctual.submit.config.LoadResult;
import io.punctual.submit.config.PunctualConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code punctual config check <dir>}: validates a configuration directory the way the gateway loads it, for a
 * team's CI. Exit 0 with a one-line summary when it is valid; exit 1 listing every problem otherwise.
 */
public final class ConfigCheckCommand implements Command {

    static final String USAGE = """
            Usage: punctual config check <dir>

            Validates a configuration directory: <dir>/site.conf over Punctual's reference.conf, and every
            <dir>/teams/<team>.conf. Prints one line when everything is valid (exit 0); otherwise every problem as
            file:line: path: what is wrong (exit 1). ${?VAR} substitutions resolve against the environment.
            """;

    @Override
    public String summary() {
        return "validate a configuration directory (site file and team files)";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of(), Set.of("--help"), "config");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        if (flags.positional().isEmpty() || !flags.positional().get(0).equals("check")) {
            throw new UsageException("'punctual config' needs a sub-command: 'punctual config check <dir>'");
        }
        if (flags.positional().size() != 2) {
            throw new UsageException("'punctual config check' takes one configuration directory; run 'punctual config"
                    + " --help'");
        }
        String given = flags.positional().get(1);
        LoadResult result = ConfigLoader.load(context.resolve(given), Path.of(given), context.env());
        if (result instanceof LoadResult.Invalid invalid) {
            context.err().println(ConfDirs.problems(invalid.problems(), given));
            return 1;
        }
        PunctualConfig config = ((LoadResult.Loaded) result).config();
        for (ConfigProblem warning : config.warnings()) {
            context.err().println("warning: " + warning);
        }
        context.out().println(given + ": valid: " + config.summary());
        return 0;
    }
}
