package io.punctual.submit.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.punctual.sizing.JobKey;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigLoader;
import io.punctual.submit.config.LoadResult;
import io.punctual.submit.config.Settings;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.launch.SparkJars;
import io.punctual.submit.launch.SparkRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key {@code reference.conf} documents takes effect: for each one, a site file that changes only that key
 * must change what the composition root hands the parts of the submission path (the gateway's server and poller
 * settings, the plan and best-effort queues, the sizers' knobs, Justice's smoothing, the event-log directory, a job's
 * Spark properties). A key that is validated but read by nothing fails here.
 */
class ReferenceKeysTest {

    private static final Pattern NUMBER_WITH_UNIT = Pattern.compile("(\\d+)([a-z]+)");
    private static final JobKey JOB = new JobKey("no-team-file", "job");
    private static final SparkRuntime THIN = new SparkRuntime(Path.of("/punctual/spark"),
            new SparkJars.InPlace(Path.of("/punctual/spark/jars")), List.of());

    @TempDir
    Path tmp;

    @Test
    void everyDocumentedKeyChangesWhatTheAssemblyBuilds() throws IOException {
        List<String> keys = leaves(ConfigFactory.parseResources("reference.conf").getConfig("punctual").root(), "");
        assertThat(keys).as("reference.conf's keys").hasSizeGreaterThan(15).contains("sizing.justice.alpha");
        List<String> ignored = new ArrayList<>();
        observed(""); // lays out the home first: a directory's file: URI gains a slash once it exists
        List<Object> baseline = observed("");
        for (String key : keys) {
            String changed = alternative(key);
            if (observed("punctual." + key + " = " + changed).equals(baseline)) {
                ignored.add(key + " = " + changed);
            }
        }
        assertThat(ignored).as("documented keys whose change reaches nothing").isEmpty();
    }

    @Test
    void theAlternativesAreValidAndDifferent() throws IOException {
        // The test above is only as good as its alternatives: each must load, so a change is really observed.
        for (String key : leaves(ConfigFactory.parseResources("reference.conf").getConfig("punctual").root(), "")) {
            assertThat(load("punctual." + key + " = " + alternative(key))).as(key).isPresent();
        }
    }

    /** Everything the assembled parts are given, for one site file. */
    private List<Object> observed(String site) throws IOException {
        Assembly assembly = Assembly.of(load(site).orElseThrow(), new PunctualHome(tmp.resolve("home")),
                tmp.resolve("store"), Clock.systemUTC(), Optional.empty());
        SiteConfig.Gateway gateway = assembly.config().site().gateway();
        Settings settings = assembly.settings(JOB, Map.of());
        return List.of(gateway.host(), gateway.port(), gateway.launchConcurrency(), gateway.stateDir(),
                gateway.clientModeTeams(), gateway.tls(), gateway.idleTimeout(), gateway.database(),
                gateway.finishedRetention(), gateway.metricsToken(),
                gateway.allowedSparkConf(), assembly.config().site().cluster().planningHorizon(),
                assembly.pipelineSettings(tmp), assembly.planQueue(),
                assembly.config().site().cluster().bestEffortQueue(), assembly.sizing(settings),
                assembly.learning().smoothing(), assembly.eventLogUri(), settings.sparkProperties(),
                assembly.sparkRuntime(THIN, false, tmp));
    }

    private Optional<io.punctual.submit.config.PunctualConfig> load(String site) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "conf");
        Files.writeString(dir.resolve("site.conf"), site);
        LoadResult result = ConfigLoader.load(dir, Map.of());
        return result instanceof LoadResult.Loaded loaded ? Optional.of(loaded.config()) : Optional.empty();
    }

    /** Leaf paths, an empty object (e.g. {@code job.spark-conf}) counting as a leaf. */
    private static List<String> leaves(ConfigObject object, String prefix) {
        List<String> paths = new ArrayList<>();
        if (object.isEmpty()) {
            paths.add(prefix.substring(0, prefix.length() - 1));
        }
        for (Map.Entry<String, ConfigValue> entry : object.entrySet()) {
            String path = prefix + entry.getKey();
            if (entry.getValue().valueType() == ConfigValueType.OBJECT) {
                paths.addAll(leaves((ConfigObject) entry.getValue(), path + "."));
            } else {
                paths.add(path);
            }
        }
        return paths;
    }

    /** A valid value for {@code key} that differs from reference.conf's. */
    private static String alternative(String key) {
        Config reference = ConfigFactory.parseResources("reference.conf").getConfig("punctual");
        ConfigValue value = reference.getValue(key);
        return switch (value.valueType()) {
            case OBJECT -> "{ \"spark.punctual.test\" = 1 }";
            case LIST -> key.endsWith("pyspark-archives")
                    ? "[\"hdfs:///apps/spark/pyspark.zip\", \"hdfs:///apps/spark/py4j-0.10.9.7-src.zip\"]"
                    : key.endsWith("allowed-spark-conf") ? "[\"spark.test.*\"]" : "[\"a-team\"]";
            case BOOLEAN -> Boolean.toString(!reference.getBoolean(key));
            case NUMBER -> otherNumber(reference.getNumber(key));
            default -> otherString(key, reference.getString(key));
        };
    }

    private static String otherNumber(Number number) {
        if (number instanceof Integer || number instanceof Long) {
            long n = number.longValue();
            return Long.toString(n > 2 ? n - 1 : n + 1);
        }
        return Double.toString(number.doubleValue() * 0.5);
    }

    private static String otherString(String key, String text) {
        if (key.endsWith("error-smoothing")) {
            return "\"" + (text.equals("equal") ? "exponential" : "equal") + "\"";
        }
        if (key.endsWith("utility")) {
            return "\"linear 10m\"";
        }
        if (key.equals("admission.policy")) {
            return "\"" + (text.equals("justice") ? "first-fit" : "justice") + "\"";
        }
        if (key.endsWith("host")) {
            return "\"localhost\"";
        }
        if (key.endsWith("tls.keystore")) {
            // any readable keystore file will do for loading: the JDK's own trust store is one
            return "\"" + Path.of(System.getProperty("java.home"), "lib", "security", "cacerts") + "\"";
        }
        if (key.endsWith("metrics-token")) {
            return "\"a-metrics-token-0001\"";
        }
        if (key.endsWith("database.url")) {
            return "\"jdbc:postgresql://db.example.com:5432/punctual\"";
        }
        if (key.equals("spark.jars")) {
            return "\"local\"";
        }
        if (key.endsWith("keystore-type")) {
            return "\"JKS\"";
        }
        Matcher unit = NUMBER_WITH_UNIT.matcher(text);
        if (unit.matches()) {
            return (Long.parseLong(unit.group(1)) + 1) + unit.group(2);
        }
        return "\"" + text + "-other\"";
    }
}
