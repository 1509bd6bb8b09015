package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** spark-submit's children never see the gateway's secrets, and still get what Spark and Hadoop need. */
class ChildEnvironmentTest {

    private static final java.util.Set<String> SHELL_OWN = java.util.Set.of("PWD", "SHLVL", "_", "OLDPWD");

    @TempDir
    Path tmp;

    @Test
    void tokensAndUnknownVariablesAreBlankedWhatSparkAndHadoopNeedIsKept() {
        Map<String, String> gateway = Map.of("PUNCTUAL_GROWTH_TOKEN", "growth-secret", "AWS_SECRET_ACCESS_KEY", "aws",
                "JAVA_HOME", "/jdk", "PATH", "/usr/bin", "HADOOP_CONF_DIR", "/etc/hadoop", "SPARK_HOME", "/spark",
                "HADOOP_TOKEN", "t");

        Map<String, String> child = ChildEnvironment.over(gateway, Map.of("YARN_CONF_DIR", "/etc/hadoop"));

        assertThat(child).containsEntry("PUNCTUAL_GROWTH_TOKEN", "").containsEntry("AWS_SECRET_ACCESS_KEY", "")
                .containsEntry("HADOOP_TOKEN", "").containsEntry("JAVA_HOME", "/jdk").containsEntry("PATH", "/usr/bin")
                .containsEntry("HADOOP_CONF_DIR", "/etc/hadoop").containsEntry("SPARK_HOME", "/spark")
                .containsEntry("YARN_CONF_DIR", "/etc/hadoop");
    }

    /** The real launcher, with a spark-submit that prints the environment it was given. */
    @Test
    void aRealSparkSubmitChildSeesNoValueOfTheGatewaysOtherVariables() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("spark/bin"));
        Path submit = Files.writeString(home.resolve("spark-submit"), "#!/bin/sh\nenv\necho END-OF-ENV\n");
        Files.setPosixFilePermissions(submit, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path output = tmp.resolve("out/submit.log");
        Map<String, String> inherited = new HashMap<>(System.getenv());
        var launcher = new SparkSubmitLauncher(new SparkRuntime(tmp.resolve("spark"), new io.punctual.submit.launch.SparkJars.FromDistribution(), java.util.List.of()), inherited);

        launcher.launch(new LaunchRequest("/app.jar", Optional.empty(), List.of(), Map.of(), List.of(),
                Map.of("HADOOP_CONF_DIR", "/etc/hadoop"), tmp, output));

        String printed = awaitEnd(output);
        for (String line : printed.split("\n")) {
            int eq = line.indexOf('=');
            String name = eq > 0 ? line.substring(0, eq) : "";
            // the shell sets PWD, SHLVL and _ itself
            if (inherited.containsKey(name) && !ChildEnvironment.kept(name) && !SHELL_OWN.contains(name)) {
                assertThat(line.substring(eq + 1)).as(name).isEmpty();
            }
        }
        assertThat(printed).contains("HADOOP_CONF_DIR=/etc/hadoop");
    }

    private static String awaitEnd(Path output) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(giveUp)) {
            if (Files.exists(output) && Files.readString(output).contains("END-OF-ENV")) {
                return Files.readString(output);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("spark-submit printed nothing in 20 s");
    }
}
