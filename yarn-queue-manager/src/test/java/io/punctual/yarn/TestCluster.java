package io.punctual.yarn;

import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;

/** One real embedded YARN and a gateway onto it, for one integration-test class. */
public final class TestCluster implements AutoCloseable {

    public final EmbeddedYarn yarn;
    public final ClusterGateway gateway;

    private TestCluster(EmbeddedYarn yarn, ClusterGateway gateway) {
        this.yarn = yarn;
        this.gateway = gateway;
    }

    /** Starts the default embedded cluster, writing its client configuration under {@code target/<name>-conf}. */
    public static TestCluster start(String name) {
        EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), Path.of("target", name + "-conf"));
        try {
            return new TestCluster(yarn, yarn.gateway());
        } catch (RuntimeException e) {
            yarn.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            yarn.close();
        }
    }
}
