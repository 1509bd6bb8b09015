package io.punctual.yarn;

import java.time.Duration;

/**
 * How long a {@link io.punctual.yarn.hadoop.YarnGateway} call waits for a ResourceManager that does not answer before
 * it fails with {@link ClusterUnreachable}. Hadoop's client left to itself retries a refused connection for fifteen
 * minutes (ten connection attempts inside each of its retries) and waits for an answer without limit, so a caller
 * learns nothing of an outage; a gateway serving requests must answer them in seconds, and a command a person runs
 * must say within half a minute what it could not reach, even when the ResourceManager takes the connection and never
 * answers.
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

    /**
     * For a command: it must report within half a minute, also a hung ResourceManager (the connection taken, no
     * answer), which without an answer timeout is waited for as long as the connection lives. With an answer timeout
     * the client retries once ({@link io.punctual.yarn.hadoop.YarnGateways}), so a hung one costs two answer timeouts
     * (measured through {@code punctual submit}: 20 s; before, still silent after 90 s) and a refused connection fails
     * at once (1.4 s; 29 s before, when it was retried every second for 30 s).
     */
    public static final ClientPatience COMMAND = new ClientPatience(Duration.ofSeconds(15), Duration.ofSeconds(10));

    public ClientPatience {
        if (connect.isNegative() || answer.isNegative()) {
            throw new IllegalArgumentException("a client's patience cannot be negative: " + connect + ", " + answer);
        }
    }
}
