package io.punctual.submit.cli;

import io.punctual.submit.request.InvalidRequest;

/** The command line is wrong. The message says what is wrong and what to do; the process exits non-zero. */
public class UsageException extends InvalidRequest {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
