package io.punctual.submit.launch;

import io.punctual.submit.home.Install;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The real launcher (spark-submit through Spark's launcher library) keeps the launcher contract on a real YARN. */
class SparkSubmitLauncherContractIT extends LauncherContract {

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();
    private static EmbeddedYarn yarn;
    private static ClusterGateway gateway;
    private static Path work;
    private static SparkRuntime runtime;

    @BeforeAll
    static void start() throws IOException {
        work = Files.createDirectories(Path.of("target", "launcher-contract-it").toAbsolutePath());
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("conf"));
        gateway = yarn.gateway();
        runtime = SparkRuntime.thin(work.resolve("spark"), INSTALL.requireSparkClasspath(),
                Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    @AfterAll
    static void stop() {
        try {
            gateway.close();
        } finally {
            yarn.close();
        }
    }

    @Override
    Launcher launcher() {
        return new SparkSubmitLauncher(runtime);
    }

    @Override
    ClusterGateway cluster() {
        return gateway;
    }

    @Override
    String queue() {
        return "adhoc";
    }

    @Override
    SparkRuntime runtime() {
        return runtime;
    }

    @Override
    Path work() {
        return yarn.confDir();
    }

    @Override
    SubmitArguments application() {
        return SubmitArguments.parse(List.of("--class", "io.punctual.workloads.SyntheticStages",
                "--conf", "spark.yarn.maxAppAttempts=1", INSTALL.requireWorkloadsJar().toString(), "1", "1", "100"));
    }

    @Override
    void passTime(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
