package io.punctual.submit.config;

import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.submit.config.ConfigReader.Need;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import io.punctual.submit.request.AdmissionPolicy;
import java.util.regex.Pattern;

/**
 * Reads the site level — system properties over the site file over {@code application.conf} over
 * {@code reference.conf}, merged by {@link ConfigLoader} — into {@link SiteConfig} and the site and reference levels.
 */
final class SiteReader {

    static final Pattern QUEUE_NAME = Pattern.compile("[A-Za-z0-9_\\-]{1,64}");
    static final String QUEUE_EXPECTED = "a YARN queue name of 1 to 64 letters, digits, '_' or '-'";

    private static final Pattern NON_BLANK = Pattern.compile("\\S.*");
    private static final Pattern HOST = Pattern.compile("[^\\s/]+");
    private static final Pattern ANY = Pattern.compile(".*", Pattern.DOTALL);
    private static final Pattern JDBC_URL = Pattern.compile("|jdbc:postgresql://\\S+");
    /** A mode, or a URI with a scheme (spark-submit would read a bare path as a local file). */
    private static final Pattern PYTHON = Pattern.compile("|\\S+");
    private static final Pattern NO_SPACE = Pattern.compile("\\S*");
    private static final Pattern SPARK_JARS = Pattern.compile("auto|local|upload|[A-Za-z][A-Za-z0-9+.-]*:/\\S+");
    /** Empty, or a secret as long as a team's token: the metrics token is a Bearer token like theirs. */
    private static final Pattern METRICS_TOKEN = Pattern.compile("|\\S{" + BearerToken.MIN_LENGTH + ",}");
    private static final Pattern KEYSTORE_TYPE = Pattern.compile("PKCS12|JKS");

    /**
     * What the site level yields: the typed settings, and the per-job defaults split by where they came from — the
     * site file and system properties ({@link Level#SITE}), or the class path's application.conf and reference.conf
     * ({@link Level#REFERENCE}).
     */
    record Site(SiteConfig config, SettingsLayer site, SettingsLayer reference) {
    }

    private SiteReader() {
    }

    /** The site, or empty when any value is invalid (the reader has recorded why). */
    static Optional<Site> read(ConfigReader r) {
        int before = r.reported();
        Optional<SiteConfig.Gateway> gateway = gateway(r);
        Optional<SiteConfig.Cluster> cluster = cluster(r);
        SettingsLayer merged = LayerReader.read(r, Level.SITE, "punctual.sizing.confidence", "punctual.job",
                Need.REQUIRED);
        Optional<SiteConfig.Sizing> sizing = sizing(r, merged.confidence().map(Sourced::value));
        Optional<String> eventLogDir = r.text("punctual.history.event-log-dir", Need.REQUIRED, NON_BLANK,
                "a directory URI such as hdfs:///spark-history, or a path relative to $PUNCTUAL_HOME");
        Optional<SiteConfig.Spark> spark = spark(r);
        r.reportUnknownKeys();
        if (r.reported() > before) {
            return Optional.empty();
        }
        SiteConfig config = new SiteConfig(gateway.orElseThrow(), cluster.orElseThrow(), sizing.orElseThrow(),
                new SiteConfig.History(eventLogDir.orElseThrow()), spark.orElseThrow());
        return Optional.of(new Site(config, merged.only(Level.SITE), merged.only(Level.REFERENCE)));
    }

    private static Optional<SiteConfig.Gateway> gateway(ConfigReader r) {
        Optional<String> host = r.text("punctual.gateway.host", Need.REQUIRED, HOST,
                "a host name or IP address to listen on, e.g. 0.0.0.0");
        Optional<Integer> port = r.whole("punctual.gateway.port", Need.REQUIRED, 1, 65_535);
        Optional<Integer> launches = r.whole("punctual.gateway.launch-concurrency", Need.REQUIRED, 1, 1024);
        Optional<Duration> poll = r.duration("punctual.gateway.poll-interval", Need.REQUIRED,
                d -> d.compareTo(Duration.ofMillis(100)) >= 0, "a duration of at least 100ms");
        Optional<String> state = r.text("punctual.gateway.state-dir", Need.REQUIRED, NON_BLANK,
                "a directory, absolute or relative to $PUNCTUAL_HOME");
        Optional<List<String>> clientMode = r.textList("punctual.gateway.client-mode-teams", Need.REQUIRED,
                "a list of team names");
        Optional<Duration> retention = r.duration("punctual.gateway.finished-retention", Need.REQUIRED,
                d -> !d.isNegative(), "a duration of 0s or more (Livy keeps a finished batch listed 600s)");
        Optional<Duration> idle = r.duration("punctual.gateway.idle-timeout", Need.REQUIRED,
                d -> d.compareTo(Duration.ofSeconds(1)) >= 0, "a duration of at least 1s");
        Optional<String> metricsToken = r.secret("punctual.gateway.metrics-token", Need.REQUIRED, METRICS_TOKEN,
                "empty, or a secret of at least " + BearerToken.MIN_LENGTH + " characters without spaces");
        Optional<SiteConfig.Tls> tls = tls(r);
        Optional<SiteConfig.Database> database = database(r);
        Optional<List<String>> allowed = sparkConfPatterns(r, "punctual.gateway.allowed-spark-conf");
        Optional<List<String>> alsoAllowed = sparkConfPatterns(r, "punctual.gateway.also-allowed-spark-conf");
        if (host.isEmpty() || port.isEmpty() || launches.isEmpty() || poll.isEmpty() || state.isEmpty()
                || clientMode.isEmpty() || idle.isEmpty() || tls.isEmpty() || database.isEmpty()
                || allowed.isEmpty() || alsoAllowed.isEmpty() || retention.isEmpty() || metricsToken.isEmpty()) {
            return Optional.empty();
        }
        List<String> patterns = new java.util.ArrayList<>(allowed.get());
        patterns.addAll(alsoAllowed.get());
        return Optional.of(new SiteConfig.Gateway(host.get(), port.get(), launches.get(), poll.get(), state.get(),
                clientMode.get(), tls.get(), idle.get(), database.get(), patterns, retention.get(),
                metricsToken.filter(t -> !t.isEmpty()).map(BearerToken::of)));
    }

    /** Spark property names a request may set: exact keys, or a prefix ending in {@code .*}. */
    static final Pattern SPARK_CONF_PATTERN = Pattern.compile("spark\\.[A-Za-z0-9_.\\-]*[A-Za-z0-9_\\-](\\.\\*)?");
    static final String SPARK_CONF_EXPECTED = "a list of Spark property names such as spark.executor.memory,"
            + " or prefixes such as spark.sql.adaptive.*";

    static Optional<List<String>> sparkConfPatterns(ConfigReader r, String path) {
        Optional<List<String>> given = r.textList(path, Need.REQUIRED, SPARK_CONF_EXPECTED);
        if (given.isEmpty()) {
            return given;
        }
        for (String one : given.get()) {
            if (!SPARK_CONF_PATTERN.matcher(one).matches()) {
                r.problem(path, "expected " + SPARK_CONF_EXPECTED + ", got \"" + one + "\"");
                return Optional.empty();
            }
        }
        return given;
    }

    /** The shared database (a blank URL: the journal file), or empty after a reported problem. */
    private static Optional<SiteConfig.Database> database(ConfigReader r) {
        Optional<String> url = r.text("punctual.gateway.database.url", Need.REQUIRED, JDBC_URL,
                "\"\" for the journal file, or jdbc:postgresql://host:5432/database");
        Optional<String> user = r.text("punctual.gateway.database.user", Need.REQUIRED, ANY, "a database role");
        Optional<String> password = r.secret("punctual.gateway.database.password", Need.REQUIRED, ANY,
                "the role's password");
        Optional<Integer> pool = r.whole("punctual.gateway.database.pool-size", Need.REQUIRED, 1, 256);
        Optional<Duration> connect = r.duration("punctual.gateway.database.connect-timeout", Need.REQUIRED,
                d -> d.compareTo(Duration.ofMillis(250)) >= 0, "a duration of at least 250ms");
        if (url.isEmpty() || user.isEmpty() || password.isEmpty() || pool.isEmpty() || connect.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SiteConfig.Database(url.get(), user.get(), password.get(), pool.get(),
                connect.get()));
    }

    /** TLS settings (without a keystore: plain HTTP), or empty after a reported problem. */
    private static Optional<SiteConfig.Tls> tls(ConfigReader r) {
        Optional<String> keystore = r.text("punctual.gateway.tls.keystore", Need.REQUIRED, ANY,
                "an absolute path to a PKCS12 or JKS keystore, or \"\" for plain HTTP");
        Optional<String> password = r.secret("punctual.gateway.tls.keystore-password", Need.REQUIRED, ANY,
                "the keystore's password");
        Optional<String> type = r.text("punctual.gateway.tls.keystore-type", Need.REQUIRED, KEYSTORE_TYPE,
                "PKCS12 or JKS");
        if (keystore.isEmpty() || password.isEmpty() || type.isEmpty()) {
            return Optional.empty();
        }
        if (keystore.get().isBlank()) {
            return Optional.of(new SiteConfig.Tls(Optional.empty(), password.get(), type.get()));
        }
        java.nio.file.Path file = java.nio.file.Path.of(keystore.get());
        if (!file.isAbsolute() || !java.nio.file.Files.isRegularFile(file) || !java.nio.file.Files.isReadable(file)) {
            r.problem("punctual.gateway.tls.keystore", "expected an absolute path to a readable keystore file, got \""
                    + keystore.get() + "\"; make one with keytool -genkeypair -storetype PKCS12, or set \"\" for"
                    + " plain HTTP");
            return Optional.empty();
        }
        return Optional.of(new SiteConfig.Tls(Optional.of(file), password.get(), type.get()));
    }

    private static Optional<SiteConfig.Spark> spark(ConfigReader r) {
        Optional<String> jars = r.text("punctual.spark.jars", Need.REQUIRED, SPARK_JARS, "\"auto\", \"local\","
                + " \"upload\", or the URI of an archive of Spark's jars already on the cluster, e.g."
                + " \"hdfs:///apps/spark/spark-libs.zip\"");
        Optional<String> dir = r.text("punctual.spark.archive-dir", Need.REQUIRED, NON_BLANK,
                "a directory of the cluster's file system: a URI, an absolute path, or a path in the user's home there");
        Optional<List<String>> python = r.textList("punctual.spark.pyspark-archives", Need.REQUIRED,
                "a list of pyspark.zip and py4j-<version>-src.zip URIs");
        Optional<String> executable = r.text("punctual.spark.python", Need.REQUIRED, PYTHON,
                "a Python executable (a path, or a name on the PATH), or \"\" for PYSPARK_PYTHON, else python3");
        if (jars.isEmpty() || dir.isEmpty() || python.isEmpty() || executable.isEmpty()) {
            return Optional.empty();
        }
        if (!python.get().isEmpty() && !namesPySparkAndPy4j(python.get())) {
            r.problem("punctual.spark.pyspark-archives", "expected pyspark.zip and py4j-<version>-src.zip (as in a"
                    + " Spark distribution's python/lib), got " + python.get() + "; copy both to the cluster, e.g."
                    + " [\"hdfs:///apps/spark/pyspark.zip\", \"hdfs:///apps/spark/py4j-0.10.9.7-src.zip\"], or set []");
            return Optional.empty();
        }
        return Optional.of(new SiteConfig.Spark(jars.get(), dir.get(), python.get(), executable.get().strip()));
    }

    private static boolean namesPySparkAndPy4j(List<String> archives) {
        boolean pyspark = archives.stream().anyMatch(a -> a.endsWith("/pyspark.zip") || a.equals("pyspark.zip"));
        boolean py4j = archives.stream().anyMatch(a -> a.matches("(.*/)?py4j-[^/]*\\.zip"));
        return pyspark && py4j && archives.size() == 2;
    }

    private static Optional<SiteConfig.Cluster> cluster(ConfigReader r) {
        Optional<String> plan = r.text("punctual.cluster.plan-queue", Need.REQUIRED, QUEUE_NAME, QUEUE_EXPECTED);
        Optional<String> bestEffort = r.text("punctual.cluster.best-effort-queue", Need.REQUIRED, QUEUE_NAME,
                QUEUE_EXPECTED);
        Optional<Duration> horizon = r.duration("punctual.cluster.planning-horizon", Need.REQUIRED,
                d -> d.compareTo(Duration.ofHours(1)) >= 0 && d.compareTo(SiteConfig.Cluster.MAX_HORIZON) <= 0,
                "a duration from 1h to " + SiteConfig.Cluster.MAX_HORIZON.toDays() + "d");
        Optional<String> targets = r.text("punctual.cluster.executor-targets", Need.REQUIRED, NO_SPACE,
                "a directory on the cluster's file system (a URI or a path), or \"\" to size each job once");
        if (plan.isEmpty() || bestEffort.isEmpty() || horizon.isEmpty() || targets.isEmpty()) {
            return Optional.empty();
        }
        if (plan.get().equals(bestEffort.get())) {
            r.problem("punctual.cluster.best-effort-queue", "expected a queue other than the plan queue '" + plan.get()
                    + "': reservations and best-effort work must not share a queue");
            return Optional.empty();
        }
        return Optional.of(new SiteConfig.Cluster(plan.get(), bestEffort.get(), horizon.get(), targets.get()));
    }

    private static Optional<SiteConfig.Sizing> sizing(ConfigReader r, Optional<Double> confidence) {
        Optional<Double> radius = r.number("punctual.sizing.kl-radius", Need.REQUIRED, d -> d >= 0,
                "a Kullback-Leibler radius in nats, a number of at least 0");
        Optional<Integer> runs = r.whole("punctual.sizing.min-good-runs", Need.REQUIRED, 2, 100_000);
        Optional<String> kind = r.text("punctual.sizing.justice.error-smoothing", Need.REQUIRED,
                Pattern.compile("equal|exponential"), "\"equal\" or \"exponential\"");
        Optional<Double> alpha = r.number("punctual.sizing.justice.alpha", Need.REQUIRED, d -> d > 0 && d <= 1,
                "a number in (0, 1]");
        Optional<Integer> kill = r.whole("punctual.sizing.justice.kill-above-tasks", Need.REQUIRED, 0,
                Integer.MAX_VALUE);
        Optional<String> admission = r.text("punctual.admission.policy", Need.REQUIRED,
                Pattern.compile(String.join("|", AdmissionPolicy.configNames())),
                "one of " + String.join(", ", AdmissionPolicy.configNames().stream().map(n -> '"' + n + '"').toList()));
        if (confidence.isEmpty() || radius.isEmpty() || runs.isEmpty() || kind.isEmpty() || alpha.isEmpty()
                || kill.isEmpty() || admission.isEmpty()) {
            return Optional.empty();
        }
        ErrorSmoothing smoothing = kind.get().equals("equal") ? new ErrorSmoothing.EqualWeights()
                : new ErrorSmoothing.Exponential(alpha.get());
        return Optional.of(new SiteConfig.Sizing(confidence.get(), radius.get(), runs.get(), smoothing, kill.get(),
                AdmissionPolicy.named(admission.get()).orElseThrow()));
    }
}
