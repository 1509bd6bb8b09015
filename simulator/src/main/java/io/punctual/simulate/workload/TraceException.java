package io.punctual.simulate.workload;

/** A trace that cannot be simulated; the message names the line and what a good one looks like. */
public final class TraceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TraceException(String message) {
        super(message);
    }
}
