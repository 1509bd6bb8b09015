package io.punctual.yarn;

/**
 * The cluster could not be talked to, or answered something Punctual cannot act on. The message says what
 * happened and what to do about it; the cause keeps YARN's own exception.
 */
public class GatewayException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GatewayException(String message, Throwable cause) {
        super(message, cause);
    }

    public GatewayException(String message) {
        super(message);
    }
}
