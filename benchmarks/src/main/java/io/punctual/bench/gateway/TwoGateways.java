package io.punctual.bench.gateway;

import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The embedded YARN and two gateway processes over the PostgreSQL that {@code --database} names, as the
 * {@code two-gateways.sh} measurements start them; closing stops whichever gateway still runs, then YARN.
 */
final class TwoGateways implements AutoCloseable {

    final Path root = Path.of(System.getProperty("punctual.install", "."));
    final Path work;
    final EmbeddedYarn yarn;
    final GatewayNode one;
    final GatewayNode two;
    final GatewayNode lead;
    final GatewayNode other;

    private TwoGateways(Path work, EmbeddedYarn yarn, String database) throws Exception {
        this.work = work;
        this.yarn = yarn;
        this.one = GatewayNode.start(root, work, yarn, database, "one");
        this.two = GatewayNode.start(root, work, yarn, database, "two");
        this.lead = one.leads() ? one : two;
        this.other = lead == one ? two : one;
    }

    static TwoGateways start(String[] argv, String name) throws Exception {
        Path work = Files.createTempDirectory(name);
        EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("hadoop-conf"));
        try {
            return new TwoGateways(work, yarn, GatewayNode.option(argv, "--database", null));
        } catch (Exception e) {
            yarn.close();
            throw e;
        }
    }

    /** Where the workloads' jar is, which every real batch runs. */
    String workloadsJar() {
        return root.resolve("workloads/target/punctual-workloads.jar").toString();
    }

    /** The gateway's own output file under the work directory. */
    Path output(GatewayNode node) {
        return work.resolve((node == one ? "one" : "two") + ".out");
    }

    /** Writes the report where {@code --out} says, else {@code fallback}, and prints it. */
    void publish(String[] argv, String fallback, String report) throws Exception {
        Files.writeString(root.resolve(GatewayNode.option(argv, "--out", fallback)), report);
        System.out.println(report);
    }

    @Override
    public void close() throws Exception {
        for (GatewayNode node : List.of(one, two)) {
            if (node.process().isAlive()) {
                // a gateway a measurement paused would never act on the signal to stop
                new ProcessBuilder("kill", "-CONT", Long.toString(node.process().pid())).start().waitFor();
                node.process().destroy();
                if (!node.process().waitFor(30, TimeUnit.SECONDS)) {
                    node.process().destroyForcibly().waitFor();
                }
            }
        }
        yarn.close();
    }
}
