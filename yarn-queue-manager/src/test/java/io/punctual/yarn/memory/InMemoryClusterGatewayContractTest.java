package io.punctual.yarn.memory;

import io.punctual.yarn.AppId;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterGatewayContract;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;

/** The in-memory cluster passes the contract YARN's gateway passes, on a clock that only moves when told. */
class InMemoryClusterGatewayContractTest extends ClusterGatewayContract {

    private ManualClock clock;
    private InMemoryClusterGateway cluster;

    @BeforeEach
    void newCluster() {
        clock = new ManualClock(Instant.parse("2026-11-24T09:00:00.250Z"));
        cluster = InMemoryClusterGateway.embedded(clock);
    }

    @Override
    protected ClusterGateway gateway() {
        return cluster;
    }

    @Override
    protected Instant now() {
        return clock.instant();
    }

    @Override
    protected void passTime(Duration duration) {
        clock.advance(duration);
    }

    @Override
    protected void stopAnswering() {
        cluster.stopAnswering();
    }

    @Override
    protected void answerAgain() {
        cluster.answerAgain();
    }

    @Override
    protected AppId startApplication(String queue, Set<String> tags) {
        return cluster.submit("contract", queue, tags, "tester", Duration.ofMinutes(30));
    }
}
