package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Over generated Spark property maps mixing what jobs tune with class paths, agents, environment variables, staging
 * and ivy directories, dependency resolution and files of the team, of another team and of the host: a request the
 * gateway accepts (the site's allowlist, then the team's local files) names no path outside the team's directories —
 * every local path it ships is the gateway's copy of a file under them.
 */
class SparkConfConfinementProperties {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path root;
    private static Path team;
    private static Path shipped;
    private static Path teamFile;
    private static Path otherTeamsFile;

    @BeforeContainer
    static void files() throws IOException {
        root = Files.createTempDirectory("confinement").toRealPath();
        team = Files.createDirectories(root.resolve("analytics"));
        shipped = root.resolve("shipped");
        teamFile = Files.writeString(team.resolve("lookup.csv"), "a,b");
        otherTeamsFile = Files.writeString(Files.createDirectories(root.resolve("growth")).resolve("secret.txt"), "s");
        Files.createSymbolicLink(team.resolve("link.txt"), otherTeamsFile);
    }

    @AfterContainer
    static void clean() throws IOException {
        try (var walk = Files.walk(root)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Provide
    Arbitrary<Map<String, String>> conf() {
        Arbitrary<String> keys = Arbitraries.of("spark.executor.memory", "spark.sql.shuffle.partitions", "spark.files",
                "spark.jars", "spark.archives", "spark.yarn.dist.files", "spark.driver.extraClassPath",
                "spark.executor.extraLibraryPath", "spark.executor.extraJavaOptions", "spark.driver.extraJavaOptions",
                "spark.yarn.appMasterEnv.LD_PRELOAD", "spark.executorEnv.PATH", "spark.yarn.stagingDir",
                "spark.jars.ivy", "spark.jars.packages", "spark.kerberos.keytab", "spark.hadoop.fs.defaultFS",
                "spark.sql.warehouse.dir", "spark.pyspark.python");
        Arbitrary<String> values = Arbitraries.of("4g", "200", teamFile.toString(), "file:" + teamFile,
                "local:" + teamFile, otherTeamsFile.toString(), "file:" + otherTeamsFile,
                team.resolve("link.txt").toString(), team + "/../growth/secret.txt", "/etc/passwd",
                "hdfs:///apps/lib.jar", "-XX:+UseG1GC", "-javaagent:" + otherTeamsFile, "-Dx=" + otherTeamsFile,
                "-XX:OnOutOfMemoryError=rm", "org.example:evil:1.0");
        return Combinators.combine(keys.list().ofMinSize(1).ofMaxSize(5), values.list().ofSize(5))
                .as((k, v) -> {
                    Map<String, String> conf = new java.util.LinkedHashMap<>();
                    for (int i = 0; i < k.size(); i++) {
                        conf.put(k.get(i), v.get(i));
                    }
                    return conf;
                });
    }

    @Property(tries = 300)
    void anAcceptedRequestNamesNoPathOutsideItsTeamsDirectories(@ForAll("conf") Map<String, String> conf)
            throws Exception {
        SparkConfAllowlist allowlist = new SparkConfAllowlist("analytics", ALLOWED);
        LocalFiles files = new LocalFiles("analytics", List.of(team), URI.create("file:///"),
                new ShippedCopies(shipped), false);
        ObjectNode body = JSON.createObjectNode().put("file", "hdfs:///apps/job.jar");
        conf.forEach(body.putObject("conf")::put);
        BatchRequest accepted;
        try {
            allowlist.check(conf);
            accepted = files.resolve(BatchRequest.fromJson(body));
        } catch (RequestRefused | InvalidRequest refused) {
            return;
        }
        for (Map.Entry<String, String> entry : accepted.conf().entrySet()) {
            if (!readsPaths(entry.getKey())) {
                continue;
            }
            for (String part : entry.getValue().split("[,\\s]")) {
                assertThat(localPath(part)).allSatisfy(path -> assertThat(path).as(conf.toString())
                        .startsWith(shipped));
            }
        }
    }

    /** Keys whose values Spark, the JVM or the container reads as paths of the host or the nodes. */
    private static boolean readsPaths(String key) {
        return LocalFiles.FILE_KEYS.contains(key) || key.endsWith("JavaOptions") || key.endsWith("ClassPath")
                || key.endsWith("LibraryPath") || key.contains("Env.") || key.equals("spark.yarn.stagingDir")
                || key.startsWith("spark.jars.") || key.endsWith("warehouse.dir") || key.equals("spark.pyspark.python");
    }

    /** The local file a value names, if it names one (a path, or a file: or local: URI). */
    private static List<Path> localPath(String value) {
        List<Path> paths = new ArrayList<>();
        String bare = value.replaceFirst("^(file|local):", "");
        int equals = bare.indexOf('=');
        String candidate = equals >= 0 ? bare.substring(equals + 1) : bare;
        if (candidate.startsWith("/")) {
            paths.add(Path.of(candidate).normalize());
        }
        return paths;
    }

    /** The site's default list, as reference.conf has it. */
    private static final List<String> ALLOWED = referenceList();

    private static List<String> referenceList() {
        return com.typesafe.config.ConfigFactory.parseResources("reference.conf")
                .getStringList("punctual.gateway.allowed-spark-conf");
    }
}
