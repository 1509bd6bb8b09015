package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Typesafe Config's override conventions on the site level: -Dpunctual.* system properties > -Dconfig.file (or
 * site.conf) > application.conf > reference.conf. System properties and the class path are passed in, so no test
 * touches the JVM's own.
 */
class ConfigOverridesTest {

    /** reference.conf's values, which the tests below override level by level. */
    private static final double REFERENCE_RADIUS = 0.3;
    private static final int REFERENCE_PORT = 8998;

    @TempDir
    Path tmp;

    ConfDir conf;
    Path classes;
    URLClassLoader classPath;
    Properties properties;

    @BeforeEach
    void validStart() throws IOException {
        conf = new ConfDir(Files.createDirectories(tmp.resolve("conf"))).teamFile("a.conf", ConfDir.team("a", "a", 10));
        classes = Files.createDirectories(tmp.resolve("classes"));
        classPath = new URLClassLoader(new URL[] {url(classes)}, ConfigLoader.class.getClassLoader());
        properties = new Properties();
    }

    @AfterEach
    void close() throws IOException {
        classPath.close();
    }

    private static URL url(Path dir) {
        try {
            return dir.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void application(String name, String text) {
        write(classes.resolve(name), text);
    }

    private LoadResult load() {
        return ConfigLoader.load(conf.dir, conf.dir, Map.of(), new ConfigLoader.Conventions(properties, classPath));
    }

    private PunctualConfig valid() {
        LoadResult result = load();
        assertThat(result).as("%s", result).isInstanceOf(LoadResult.Loaded.class);
        return ((LoadResult.Loaded) result).config();
    }

    private List<String> messages() {
        LoadResult result = load();
        assertThat(result).as("expected problems").isInstanceOf(LoadResult.Invalid.class);
        return ((LoadResult.Invalid) result).problems().stream().map(ConfigProblem::toString).toList();
    }

    private static String radiusAndPort(double radius, int port) {
        return "punctual.sizing.kl-radius = " + radius + "\npunctual.gateway.port = " + port + "\n";
    }

    private void assertLoaded(double radius, int port) {
        SiteConfig site = valid().site();
        assertThat(site.sizing().klRadius()).isEqualTo(radius);
        assertThat(site.gateway().port()).isEqualTo(port);
    }

    // --- one level at a time: each changes the loaded value over the one below it ---------------------------------

    @Test
    void withNothingSetTheReferenceValuesHold() {
        assertLoaded(REFERENCE_RADIUS, REFERENCE_PORT);
    }

    @Test
    void applicationConfOnTheClassPathOverridesReferenceConf() {
        application("application.conf", radiusAndPort(0.35, 9001));
        assertLoaded(0.35, 9001);
    }

    @Test
    void theSiteFileOverridesApplicationConf() {
        application("application.conf", radiusAndPort(0.35, 9001));
        conf.site(radiusAndPort(0.4, 9002));
        assertLoaded(0.4, 9002);
    }

    @Test
    void configFileOverridesApplicationConfAndReplacesSiteConf() {
        application("application.conf", radiusAndPort(0.35, 9001) + "punctual.gateway.launch-concurrency = 3\n");
        conf.site(radiusAndPort(0.4, 9002) + "punctual.gateway.host = \"10.0.0.1\"\n");
        Path prod = write(tmp.resolve("elsewhere/prod.conf"), radiusAndPort(0.45, 9003));
        properties.setProperty("config.file", prod.toString());
        PunctualConfig config = valid();
        assertThat(config.site().sizing().klRadius()).isEqualTo(0.45);
        assertThat(config.site().gateway().port()).isEqualTo(9003);
        // site.conf is not read at all; application.conf still is
        assertThat(config.site().gateway().host()).isEqualTo("127.0.0.1");
        assertThat(config.site().gateway().launchConcurrency()).isEqualTo(3);
    }

    @Test
    void systemPropertiesOverrideTheSiteFile() {
        conf.site(radiusAndPort(0.4, 9002));
        properties.setProperty("punctual.sizing.kl-radius", "0.5");
        properties.setProperty("punctual.gateway.port", "9004");
        assertLoaded(0.5, 9004);
    }

    @Test
    void systemPropertiesOverrideConfigFile() {
        properties.setProperty("config.file", write(tmp.resolve("prod.conf"), radiusAndPort(0.45, 9003)).toString());
        properties.setProperty("punctual.sizing.kl-radius", "0.5");
        properties.setProperty("punctual.gateway.port", "9004");
        assertLoaded(0.5, 9004);
    }

    @Test
    void everyLevelSetAtOnceTheSystemPropertyWinsAndEachLevelStillFillsWhatOnlyItSets() {
        application("application.conf", radiusAndPort(0.35, 9001) + "punctual.gateway.launch-concurrency = 3\n");
        properties.setProperty("config.file", write(tmp.resolve("prod.conf"), radiusAndPort(0.45, 9003)
                + "punctual.job.max-executors = 30\n").toString());
        properties.setProperty("punctual.sizing.kl-radius", "0.5");
        PunctualConfig config = valid();
        assertThat(config.site().sizing().klRadius()).isEqualTo(0.5);          // system property
        assertThat(config.site().gateway().port()).isEqualTo(9003);             // config.file
        assertThat(config.site().gateway().launchConcurrency()).isEqualTo(3);   // application.conf
        assertThat(config.site().gateway().pollInterval()).hasSeconds(2);       // reference.conf
        assertThat(config.siteSettings(Map.of()).maxExecutors().value()).isEqualTo(30);
    }

    // --- where a value came from, for explain ---------------------------------------------------------------------

    @Test
    void explainNamesTheSystemPropertyTheConfigFileAndApplicationConf() {
        application("application.conf", "punctual.job.executor.cores = 3\n");
        properties.setProperty("config.file", write(tmp.resolve("prod.conf"), "\npunctual.job.executor.memory = 3g\n")
                .toString());
        properties.setProperty("punctual.job.max-executors", "12");
        Settings settings = valid().settingsFor("a", "any.job", Map.of());
        assertThat(settings.maxExecutors().value()).isEqualTo(12);
        assertThat(settings.maxExecutors().origin())
                .isEqualTo(new Origin(Level.SITE, "system property (-D): punctual.job.max-executors"));
        assertThat(settings.executorMemoryMb().value()).isEqualTo(3072);
        assertThat(settings.executorMemoryMb().origin())
                .isEqualTo(new Origin(Level.SITE, tmp.resolve("prod.conf") + ":2: punctual.job.executor.memory"));
        // application.conf is on the class path with reference.conf: the reference level, named by its resource
        assertThat(settings.executorCores().value()).isEqualTo(3);
        assertThat(settings.executorCores().origin())
                .isEqualTo(new Origin(Level.REFERENCE, "application.conf:1: punctual.job.executor.cores"));
        assertThat(settings.confidence().origin().location()).startsWith("reference.conf:");
    }

    // --- system properties ----------------------------------------------------------------------------------------

    @Test
    void aBadSystemPropertyValueIsAProblemThatNamesTheSystemProperty() {
        conf.site("punctual.gateway.port = 9002\n");
        properties.setProperty("punctual.gateway.port", "70000");
        properties.setProperty("punctual.gateway.poll-interval", "5");
        assertThat(messages()).containsExactly(
                "system property (-D): punctual.gateway.port: expected a whole number from 1 to 65535, got \"70000\"",
                "system property (-D): punctual.gateway.poll-interval: expected a duration of at least 100ms with a"
                        + " unit, such as 90s, 10m or 1h, got \"5\"");
    }

    @Test
    void anUnknownSystemPropertyIsAnErrorNamingTheNearestKnownKey() {
        properties.setProperty("punctual.gateway.prot", "9000");
        properties.setProperty("punctual.sizng.kl-radius", "0.5");
        List<String> messages = messages();
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0)).startsWith("system property (-D): punctual.gateway.prot: unknown key; did you mean"
                + " 'port'?");
        assertThat(messages.get(1)).startsWith("system property (-D): punctual.sizng: unknown key; did you mean"
                + " 'sizing'?");
    }

    @Test
    void onlyPunctualSettingsAreTakenFromSystemProperties() {
        ConfigLoader.LAUNCHER_PROPERTIES.forEach(name -> properties.setProperty(name, "/somewhere"));
        properties.setProperty("gateway.port", "1");
        properties.setProperty("java.version", "17");
        properties.setProperty("punctualish.gateway.port", "1");
        properties.setProperty("punctual.gateway.port", "9005");
        assertLoaded(REFERENCE_RADIUS, 9005);
    }

    @Test
    void theLoadOverloadsWithoutConventionsReadThisJvmWhoseLauncherPropertiesAreNotSettings() {
        // the build sets -Dpunctual.install for every test JVM, as bin/punctual does for the CLI
        assumeTrue(System.getProperty("punctual.install") != null, "run through Maven");
        assertThat(ConfigLoader.load(conf.dir, Map.of())).isInstanceOf(LoadResult.Loaded.class);
    }

    @Test
    void aSystemPropertyCannotSetSparkConfAndIsToldWhere() {
        properties.setProperty("punctual.job.spark-conf.spark.sql.shuffle.partitions", "200");
        assertThat(messages()).singleElement().asString()
                .startsWith("system property (-D): punctual.job.spark-conf: a system property cannot set Spark"
                        + " properties")
                .contains("set them in the site file's punctual.job.spark-conf");
    }

    @Test
    void aSystemPropertyCanReplaceAWholeObjectOnlyWithAnObject() {
        properties.setProperty("punctual.gateway", "9000");
        assertThat(messages()).singleElement().asString().startsWith("system property (-D): punctual.gateway:"
                + " expected an object with keys allowed-spark-conf, also-allowed-spark-conf, client-mode-teams, database, finished-retention, host, idle-timeout, launch-concurrency, metrics-token, poll-interval, port, state-dir, tls");
    }

    // --- -Dconfig.file, -Dconfig.resource, -Dconfig.url ----------------------------------------------------------

    @Test
    void aConfigFileThatDoesNotExistIsAClearProblem() {
        properties.setProperty("config.file", tmp.resolve("nowhere.conf").toString());
        assertThat(messages()).containsExactly(tmp.resolve("nowhere.conf") + ": no such file: -Dconfig.file names the"
                + " site file to read instead of " + conf.dir.resolve("site.conf"));
    }

    @Test
    void aRelativeConfigFileIsFoundWhereTheUserStartedPunctual() {
        Path started = tmp.resolve("work");
        write(started.resolve("conf/prod.conf"), radiusAndPort(0.45, 9003));
        properties.setProperty("punctual.cwd", started.toString());
        properties.setProperty("config.file", "conf/prod.conf");
        assertLoaded(0.45, 9003);
        properties.setProperty("config.file", "conf/missing.conf");
        assertThat(messages()).singleElement().asString().startsWith("conf/missing.conf: no such file:")
                .endsWith("(looked for " + started.resolve("conf/missing.conf") + ")");
    }

    @Test
    void problemsInTheConfigFileNameThatFileAsGiven() {
        Path prod = write(tmp.resolve("prod.conf"), "punctual.gateway {\n  port = 0\n  prot = 9000\n}\n");
        properties.setProperty("config.file", prod.toString());
        assertThat(messages()).containsExactly(
                prod + ":2: punctual.gateway.port: expected a whole number from 1 to 65535, got 0",
                prod + ":3: punctual.gateway.prot: unknown key; did you mean 'port'? Known keys here:"
                        + " allowed-spark-conf, also-allowed-spark-conf, client-mode-teams, database, finished-retention, host, idle-timeout, launch-concurrency, metrics-token, poll-interval, port, state-dir, tls");
    }

    @Test
    void anUnparseableConfigFileNamesThatFileAndItsLine() {
        Path prod = write(tmp.resolve("prod.conf"), "punctual {\n  gateway.port = 9000\n");
        properties.setProperty("config.file", prod.toString());
        assertThat(messages()).singleElement().asString().startsWith(prod + ":3: ");
    }

    @Test
    void configResourceNamesASiteFileOnTheClassPath() {
        application("sites/prod.conf", radiusAndPort(0.45, 9003) + "punctual.gateway.prot = 1\n");
        properties.setProperty("config.resource", "/sites/prod.conf");
        // read as the site level, and named as the user named it
        assertThat(messages()).singleElement().asString().startsWith("/sites/prod.conf:3: punctual.gateway.prot:"
                + " unknown key");
        application("sites/prod.conf", radiusAndPort(0.45, 9003));
        assertLoaded(0.45, 9003);
        properties.setProperty("config.resource", "sites/none.conf");
        assertThat(messages()).containsExactly("sites/none.conf: no such resource on the class path:"
                + " -Dconfig.resource names the site file to read instead of " + conf.dir.resolve("site.conf"));
    }

    @Test
    void configUrlNamesASiteFileByUrl() {
        Path prod = write(tmp.resolve("prod.conf"), radiusAndPort(0.45, 9003));
        properties.setProperty("config.url", prod.toUri().toString());
        assertLoaded(0.45, 9003);
        properties.setProperty("config.url", "not a url");
        assertThat(messages()).singleElement().asString().startsWith("not a url: -Dconfig.url names the site file");
    }

    @Test
    void twoWaysOfNamingTheSiteFileAreAProblem() {
        properties.setProperty("config.file", write(tmp.resolve("prod.conf"), "").toString());
        properties.setProperty("config.resource", "prod.conf");
        assertThat(messages()).singleElement().asString().startsWith("system property (-D): each of -Dconfig.file=")
                .contains("-Dconfig.resource=prod.conf").endsWith("set only one of them");
    }

    // --- application.conf ---------------------------------------------------------------------------------------

    @Test
    void applicationConfIsValidatedLikeEveryFileButOnlyItsPunctualObjectIsRead() {
        application("application.conf", """
                some-library.setting = 1
                punctual.sizing.kl-radus = 0.5
                """);
        assertThat(messages()).singleElement().asString().startsWith("application.conf:2: punctual.sizing.kl-radus:"
                + " unknown key; did you mean 'kl-radius'?");
        application("application.conf", "some-library.setting = 1\n");
        assertLoaded(REFERENCE_RADIUS, REFERENCE_PORT);
    }

    @Test
    void anUnparseableApplicationConfIsAProblemNamingIt() {
        application("application.conf", "punctual {\n");
        assertThat(messages()).singleElement().asString().startsWith("application.conf:");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application.json", "application.properties"})
    void applicationJsonAndPropertiesWorkToo(String name) {
        application(name, name.endsWith(".json")
                ? "{ \"punctual\": { \"sizing\": { \"kl-radius\": 0.35 }, \"gateway\": { \"port\": 9001 } } }"
                : "punctual.sizing.kl-radius = 0.35\npunctual.gateway.port = 9001\n");
        assertLoaded(0.35, 9001);
    }
}
