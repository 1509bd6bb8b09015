package io.punctual.submit.cli;

import java.util.List;

/** One {@code punctual} sub-command. */
public interface Command {

    /** Exit status {@link ExitStatus#OK} on success, else the {@link ExitStatus} that says why not. */
    int run(List<String> args, CliContext context);

    /** One line for {@code punctual help}. */
    String summary();
}
