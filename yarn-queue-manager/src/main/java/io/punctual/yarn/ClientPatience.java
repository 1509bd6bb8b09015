package io.punctual.yarn;

import java.time.Duration;

/**
 * How long a {@link YarnGateway} call waits for a ResourceManager that does not answer before it fails with
 * {@link ClusterUnreachable}. Hadoop's client left to itself retries a refused connection for fifteen minutes (ten
 * connection attempts inside each of its retries) and waits for an answer without limit, so a caller learns nothing
 * of an outage; a gateway serving requests must answer them in seconds, while a command a person runs may wait out
 * a ResourceManager's restart.
 *
 * <p>A call fails within about {@code connect + 2 * answer} (one retry after {@code connect}).
 *
 * @param connect how long a call keeps trying to connect (YARN's {@code yarn.resourcemanager.connect.max-wait.ms})
 * @param answer  how long a call waits for the answer once connected ({@code ipc.client.rpc-timeout.ms}); zero waits
 *                as long as the connection lives
 */
public record ClientPatience(Duration connect, Duration answer) {

    /** For a long-running gateway: requests and its health check are told of an outage within seconds. */
    public static final ClientPatience SERVING = new ClientPatience(Duration.ofSeconds(2), Duration.ofSeconds(10));

    /** For a command: waits out a ResourceManager restart of up to half a minute. */
    public static final ClientPatience COMMAND = new ClientPatience(Duration.ofSeconds(30), Duration.ZERO);

    public ClientPatience {
        if (connect.isNegative() || answer.isNegative()) {
            throw new IllegalArgumentException("a client's patience cannot be negative: " + connect + ", " + answer);
        }
    }
}
