package io.punctual.submit.cli;

import java.util.List;

/** One {@code punctual} sub-command. */
public interface Command {

    /** Exit status 0 on success, non-zero otherwise (spark-submit's convention: 1 for any failure). */
    int run(List<String> args, CliContext context);

    /** One line for {@code punctual help}. */
    String summary();
}
