package io.punctual.submit.bench.report;

/**
 * A report directory that cannot be read: missing, not written by {@code punctual bench run}, or with a corrupt
 * {@code results.json} or {@code run.json}. The message names the file and what to do.
 */
public final class UnreadableReport extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnreadableReport(String message) {
        super(message);
    }

    public UnreadableReport(String message, Throwable cause) {
        super(message, cause);
    }
}
