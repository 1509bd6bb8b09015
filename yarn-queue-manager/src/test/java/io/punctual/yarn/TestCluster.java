package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real embedded YARN and a gateway onto it. An integration-test class registers one for all its tests with
 * {@code @RegisterExtension static final TestCluster cluster = TestCluster.perClass("name")}; a single test starts
 * its own with {@link #start}. The client configuration goes to {@code target/<name>-conf}.
 */
public final class TestCluster implements BeforeAllCallback, AfterAllCallback, AfterEachCallback, AutoCloseable {

    private final String name;
    private final Optional<String> emptyPlanAfterEach;
    private EmbeddedYarn yarn;
    private ClusterGateway gateway;

    private TestCluster(String name, Optional<String> emptyPlanAfterEach) {
        this.name = name;
        this.emptyPlanAfterEach = emptyPlanAfterEach;
    }

    /** A cluster started before the class's tests and stopped after them. */
    public static TestCluster perClass(String name) {
        return new TestCluster(name, Optional.empty());
    }

    /** As {@link #perClass}, and after every test asserts that no reservation is left in {@code planQueue}. */
    public TestCluster expectingNoReservationsLeftIn(String planQueue) {
        return new TestCluster(name, Optional.of(planQueue));
    }

    /** Starts the default embedded cluster now. */
    public static TestCluster start(String name) {
        TestCluster cluster = perClass(name);
        cluster.open();
        return cluster;
    }

    private void open() {
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), Path.of("target", name + "-conf"));
        try {
            gateway = yarn.gateway();
        } catch (RuntimeException e) {
            yarn.close();
            throw e;
        }
    }

    public EmbeddedYarn yarn() {
        return yarn;
    }

    public ClusterGateway gateway() {
        return gateway;
    }

    /**
     * Submits a real application whose ApplicationMaster runs {@code sleep 300} and never registers: it stays
     * ACCEPTED, its AM container running, until it is killed or moved.
     */
    public AppId startSleeper(String queue, java.util.Set<String> tags) {
        var conf = new org.apache.hadoop.yarn.conf.YarnConfiguration();
        conf.addResource(new org.apache.hadoop.fs.Path(yarn.confDir().resolve("yarn-site.xml").toUri()));
        try (var client = org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
            client.init(conf);
            client.start();
            var context = client.createApplication().getApplicationSubmissionContext();
            context.setApplicationName("sleeper");
            context.setQueue(queue);
            context.setApplicationTags(tags);
            context.setResource(org.apache.hadoop.yarn.api.records.Resource.newInstance(256, 1));
            context.setMaxAppAttempts(1);
            context.setAMContainerSpec(org.apache.hadoop.yarn.api.records.ContainerLaunchContext.newInstance(
                    java.util.Map.of(), java.util.Map.of(), java.util.List.of("sleep 300"), null, null, null));
            return new AppId(client.submitApplication(context).toString());
        } catch (java.io.IOException | org.apache.hadoop.yarn.exceptions.YarnException e) {
            throw new IllegalStateException("YARN refused the sleeping application: " + e.getMessage(), e);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        open();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        emptyPlanAfterEach.ifPresent(plan -> assertThat(gateway.reservations(plan)).as("reservations left in " + plan)
                .isEmpty());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        try {
            if (gateway != null) {
                gateway.close();
            }
        } finally {
            if (yarn != null) {
                yarn.close();
            }
        }
    }
}
