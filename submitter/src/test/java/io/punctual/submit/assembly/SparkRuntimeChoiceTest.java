package io.punctual.submit.assembly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigLoader;
import io.punctual.submit.config.LoadResult;
import io.punctual.submit.launch.SparkJars;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the site's {@code punctual.spark} settings reach the Spark runtime: which way containers find Spark's jars on
 * the embedded cluster and on a real one, and which Python applications are refused before anything is reserved.
 */
class SparkRuntimeChoiceTest {

    private static final Path HOME = Path.of("/home/p/.punctual/spark");
    private static final SparkRuntime THIN = new SparkRuntime(HOME, new SparkJars.InPlace(HOME.resolve("jars")),
            List.of());
    private static final Path HADOOP_CONF = Path.of("/etc/hadoop/conf");

    @TempDir
    Path tmp;

    @Test
    void autoUsesTheJarsInPlaceOnTheEmbeddedClusterAndUploadsThemForARealOne() throws IOException {
        Assembly assembly = assembly("");

        assertThat(assembly.sparkRuntime(THIN, true, HADOOP_CONF).jars())
                .isEqualTo(new SparkJars.InPlace(HOME.resolve("jars")));
        assertThat(assembly.sparkRuntime(THIN, false, HADOOP_CONF).jars())
                .isEqualTo(new SparkJars.Upload(HOME.resolve("jars"), ".punctual/spark-archives", HADOOP_CONF));
    }

    @Test
    void anExplicitChoiceHoldsOnEitherCluster() throws IOException {
        for (boolean embedded : new boolean[] {true, false}) {
            assertThat(assembly("punctual.spark.jars = upload\npunctual.spark.archive-dir = \"/apps/punctual\"\n")
                    .sparkRuntime(THIN, embedded, HADOOP_CONF).jars())
                    .isEqualTo(new SparkJars.Upload(HOME.resolve("jars"), "/apps/punctual", HADOOP_CONF));
            assertThat(assembly("punctual.spark.jars = local\n").sparkRuntime(THIN, embedded, HADOOP_CONF).jars())
                    .isEqualTo(new SparkJars.InPlace(HOME.resolve("jars")));
            assertThat(assembly("punctual.spark.jars = \"hdfs:///apps/spark/libs.zip\"\n")
                    .sparkRuntime(THIN, embedded, HADOOP_CONF).jars().conf())
                    .containsExactly(Map.entry("spark.yarn.archive", "hdfs:///apps/spark/libs.zip"));
        }
    }

    @Test
    void aSparkDistributionKeepsItsOwnWayWithTheJars() throws IOException {
        SparkRuntime distribution = new SparkRuntime(tmp, new SparkJars.FromDistribution(), List.of());

        SparkRuntime chosen = assembly("punctual.spark.jars = upload\n").sparkRuntime(distribution, false, HADOOP_CONF);

        assertThat(chosen.jars().conf()).isEmpty();
    }

    @Test
    void aPythonApplicationIsRefusedWithoutPySparkAndSaysHowToFixIt() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("spark/jars"));
        Files.writeString(home.resolve("spark-core_2.13-3.5.6.jar"), "");
        SparkRuntime thin = new SparkRuntime(home.getParent(), new SparkJars.InPlace(home), List.of());
        String python = tmp.resolve("no-such-python").toString();
        Assembly assembly = assembly("punctual.spark.python = \"" + python + "\"\n");

        assertThatThrownBy(() -> assembly.requirePython(thin, "/jobs/etl.py")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("cannot run the Python application etl.py")
                .hasMessageContaining("pyspark.zip and py4j-<version>-src.zip are missing")
                .hasMessageContaining(python + " has no pyspark")
                .hasMessageContaining("pip install pyspark==3.5.6")
                .hasMessageContaining("set SPARK_HOME to a Spark 3.5.6 distribution")
                .hasMessageContaining("punctual.spark.pyspark-archives");
        assembly.requirePython(thin, "/jobs/etl.jar"); // not Python: nothing to check
    }

    @Test
    void aPythonApplicationRunsWithTheSitesArchivesOrADistributionsPythonLib() throws IOException {
        assembly("punctual.spark.pyspark-archives = [\"hdfs:///spark/pyspark.zip\", \"hdfs:///spark/py4j-0.10.9.7-src"
                + ".zip\"]\n").requirePython(THIN, "etl.py");

        SparkRuntime distribution = new SparkRuntime(tmp, new SparkJars.FromDistribution(), List.of());
        assertThatThrownBy(() -> assembly("").requirePython(distribution, "etl.py"))
                .hasMessageContaining("SPARK_HOME=" + tmp + " has no python/lib/pyspark.zip");
        Files.createDirectories(tmp.resolve("python/lib"));
        Files.writeString(tmp.resolve("python/lib/pyspark.zip"), "");
        Files.writeString(tmp.resolve("python/lib/py4j-0.10.9.7-src.zip"), "");
        assembly("").requirePython(distribution, "etl.py");
    }

    private Assembly assembly(String site) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "conf");
        Files.writeString(dir.resolve("site.conf"), site);
        LoadResult result = ConfigLoader.load(dir, Map.of());
        assertThat(result).isInstanceOf(LoadResult.Loaded.class);
        return Assembly.of(((LoadResult.Loaded) result).config(), new PunctualHome(tmp.resolve("home")),
                tmp.resolve("store"), Clock.systemUTC(), Optional.empty());
    }
}
