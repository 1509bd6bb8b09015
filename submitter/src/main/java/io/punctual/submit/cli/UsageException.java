package io.punctual.submit.cli;

/** The command line is wrong. The message says what is wrong and what to do; the process exits non-zero. */
public class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
