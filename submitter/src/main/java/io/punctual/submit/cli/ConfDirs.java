package io.punctual.submit.cli;

import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigLoader;
import io.punctual.submit.config.ConfigProblem;
import io.punctual.submit.config.LoadResult;
import io.punctual.submit.config.PunctualConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The configuration directory every command reads — {@code --conf-dir}, else {@code $PUNCTUAL_CONF_DIR}, else this
 * installation's {@code conf/embedded} (for the in-process cluster) or {@code conf} — loaded and checked the way
 * {@code punctual config check} checks it, before anything is sized.
 */
final class ConfDirs {

    static final String FLAG = "--conf-dir";

    private ConfDirs() {
    }

    static Path dir(Optional<String> flag, CliContext context, boolean embedded) {
        return dir(flag, context, embedded ? "conf/embedded" : "conf");
    }

    /** As {@link #dir(Optional, CliContext, boolean)}, with the installation's {@code fallback} when none is named. */
    static Path dir(Optional<String> flag, CliContext context, String fallback) {
        return flag.map(context::resolve)
                .or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_CONF_DIR")).filter(s -> !s.isBlank())
                        .map(context::resolve))
                .orElseGet(() -> context.install().root().resolve(fallback));
    }

    /** The loaded configuration, or a usage error listing every problem with its file, line and key. */
    static PunctualConfig load(Optional<String> flag, CliContext context, boolean embedded) {
        Path dir = dir(flag, context, embedded);
        LoadResult result = ConfigLoader.load(dir, context.env());
        if (result instanceof LoadResult.Invalid invalid) {
            throw new UsageException("the configuration in " + dir + " does not load; nothing was sized or"
                    + " submitted:\n" + problems(invalid.problems(), dir.toString()));
        }
        return ((LoadResult.Loaded) result).config();
    }

    /** The composition root for a command: the configuration's parts over this user's Punctual home. */
    static Assembly assembly(Optional<String> flag, CliContext context, boolean embedded) {
        PunctualConfig config = load(flag, context, embedded);
        return Assembly.of(config, context.home(), context.home().store(), context.clock(),
                Optional.ofNullable(context.env().get("PUNCTUAL_EVENT_LOG_DIR")));
    }

    /** Every problem on its own line, then how many: what {@code config check} prints. */
    static String problems(List<ConfigProblem> problems, String shownAs) {
        StringBuilder text = new StringBuilder();
        for (ConfigProblem problem : problems) {
            text.append(problem).append('\n');
        }
        int n = problems.size();
        return text.append(shownAs).append(": ").append(n).append(n == 1 ? " problem" : " problems")
                .append("; the configuration would not load").toString();
    }

    /** Removes {@code --conf-dir <dir>} (or {@code --conf-dir=<dir>}) from a command line, returning the value. */
    static Optional<String> take(List<String> argv) {
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.startsWith(FLAG + "=")) {
                argv.remove(i);
                return Optional.of(arg.substring(FLAG.length() + 1));
            }
            if (arg.equals(FLAG)) {
                if (i + 1 >= argv.size()) {
                    throw new UsageException(FLAG + " needs a directory");
                }
                String value = argv.remove(i + 1);
                argv.remove(i);
                return Optional.of(value);
            }
            if (!arg.startsWith("-")) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
