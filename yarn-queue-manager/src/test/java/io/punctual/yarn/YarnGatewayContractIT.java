package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.embedded.ResourceManagerLink;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * YARN's gateway passes the contract the in-memory cluster passes, on a real embedded ResourceManager. Applications
 * are real too: an ApplicationMaster whose command is {@code sleep 300}, which never registers, so the application
 * stays ACCEPTED (its AM container running) until it is killed.
 */
class YarnGatewayContractIT extends ClusterGatewayContract {

    @RegisterExtension
    static final TestCluster cluster = TestCluster.perClass("gateway-contract-it");

    private static YarnClient client;
    private static ResourceManagerLink link;
    private static ClusterGateway linked;

    @BeforeAll
    static void connectClient() throws IOException {
        // The gateway under test reaches the ResourceManager through a link the tests can cut, with a serving
        // gateway's patience; the sleeping applications are started directly.
        link = new ResourceManagerLink(cluster.yarn().resourceManagerAddress());
        linked = cluster.yarn().gateway(ClientPatience.SERVING, link.address());
        YarnConfiguration conf = new YarnConfiguration();
        conf.addResource(new org.apache.hadoop.fs.Path(cluster.yarn().confDir().resolve("yarn-site.xml").toUri()));
        client = YarnClient.createYarnClient();
        client.init(conf);
        client.start();
    }

    @AfterAll
    static void closeClient() {
        if (client != null) {
            client.stop();
        }
        if (linked != null) {
            linked.close();
        }
        if (link != null) {
            link.close();
        }
    }

    @Override
    protected ClusterGateway gateway() {
        return linked;
    }

    @Override
    protected void stopAnswering() {
        try {
            link.refuse();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    protected void answerAgain() {
        try {
            link.restore();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A hung ResourceManager takes connections and never answers: the call gives up after the serving patience. */
    @Test
    void aResourceManagerThatTakesTheCallButNeverAnswersFailsItWithinSeconds() throws IOException {
        assertThat(gateway().snapshot().nodeManagers()).isPositive();
        link.silence();
        try {
            long started = System.nanoTime();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> gateway().applicationsTagged("contract-hung"))
                    .isInstanceOf(ClusterUnreachable.class);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            System.out.println("a silent ResourceManager failed the call after " + took.toMillis() + " ms");
            assertThat(took).isLessThan(ClientPatience.SERVING.answer().multipliedBy(2)
                    .plus(ClientPatience.SERVING.connect()).plusSeconds(5));
        } finally {
            link.restore();
        }
        assertThat(gateway().applicationsTagged("contract-hung")).isEmpty();
    }

    @Override
    protected Instant now() {
        return Instant.now();
    }

    @Override
    protected void passTime(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while letting time pass", e);
        }
    }

    @Test
    void theForecastRunsTheAgentTheResourceManagerIsConfiguredWith() {
        Instant from = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        ReservationSpec spec = ReservationSpec.single(planQueue(), "which-agent", from, from.plusSeconds(120),
                StageRequest.gang(io.punctual.sizing.Resources.of(1, 1024), 1, Duration.ofSeconds(60)));

        PlanAgent agent = gateway().forecast(List.of(spec)).orElseThrow().agent();

        // The RM log says "Using Agent: ...AlignedPlannerWithGreedy for queue: root.sla"; the embedded cluster counts
        // vcores and memory; neither is set per queue, so these are what the RM read as defaults.
        assertThat(agent.agent()).isEqualTo("AlignedPlannerWithGreedy");
        assertThat(agent.resourceCalculator()).isEqualTo("DominantResourceCalculator");
        assertThat(agent.sharingPolicy()).isEqualTo("CapacityOverTimePolicy");
        assertThat(agent.source()).isEqualTo("read from the ResourceManager's scheduler configuration");
        assertThat(gateway().reservations(planQueue())).isEmpty();
    }

    @Test
    void theAmContainerLogUrlIsOnANodeManagerOfTheCluster() throws Exception {
        AppId id = startApplication(ordinaryQueue(), Set.of("contract-node-log"));
        try {
            URI page = URI.create(amContainerLogUrl(id));

            assertThat(client.getNodeReports(NodeState.RUNNING)).extracting(NodeReport::getHttpAddress)
                    .contains(page.getHost() + ":" + page.getPort());
        } finally {
            gateway().kill(id, "contract test over");
        }
    }

    @Override
    protected AppId startApplication(String queue, Set<String> tags) {
        return cluster.startSleeper(queue, tags);
    }
}
