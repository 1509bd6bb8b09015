package io.punctual.submit.cli;

/**
 * The exit statuses of {@code punctual} commands, so that a script (a cron line, Airflow's BashOperator) can tell a
 * refusal, which a later deadline or fewer resources may cure, from a failure, which a retry may cure, and from a
 * wrong command line, which neither cures. The usual shell conventions: 0 success, 1 failure, 2 misuse.
 */
public final class ExitStatus {

    /** The command did what it was asked; for {@code submit}, the application succeeded. */
    public static final int OK = 0;
    /** The application failed or was killed, or the command could not do its work (e.g. YARN did not answer). */
    public static final int FAILED = 1;
    /** The command line or an input it names is wrong; nothing was started. The message says what to change. */
    public static final int USAGE = 2;
    /** Admission refused the job: its deadline cannot be met (the message gives the earliest that can). */
    public static final int REFUSED = 3;

    private ExitStatus() {
    }
}
