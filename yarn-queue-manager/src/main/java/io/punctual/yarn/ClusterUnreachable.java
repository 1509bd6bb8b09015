package io.punctual.yarn;

/**
 * The ResourceManager did not answer: it is down, restarting, hung or cut off. Unlike YARN refusing a request, nothing
 * was decided, so the caller may try again once it answers; the gateway gives up after a bounded wait instead of
 * retrying for minutes, so that whoever asked is told.
 */
public final class ClusterUnreachable extends GatewayException {

    private static final long serialVersionUID = 1L;

    public ClusterUnreachable(String message, Throwable cause) {
        super(message, cause);
    }

    public ClusterUnreachable(String message) {
        super(message);
    }
}
