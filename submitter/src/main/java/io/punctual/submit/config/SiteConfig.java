package io.punctual.submit.config;

import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.request.AdmissionPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Objects;

/**
 * The site-wide settings: {@code reference.conf} overridden by the site file. The per-job defaults of the site
 * ({@code punctual.job}, {@code punctual.sizing.confidence}) are not here but in the precedence chain
 * ({@link PunctualConfig#settingsFor}), since teams, jobs and requests override them.
 */
public record SiteConfig(Gateway gateway, Cluster cluster, Sizing sizing, History history, Spark spark) {

    public SiteConfig {
        Objects.requireNonNull(spark, "spark");
        Objects.requireNonNull(gateway, "gateway");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(sizing, "sizing");
        Objects.requireNonNull(history, "history");
    }

    /**
     * @param launchConcurrency how many submissions may be launching at once; the rest wait
     * @param pollInterval      how often the shared poller asks YARN for application states
     * @param stateDir          where submissions are recorded; relative to {@code $PUNCTUAL_HOME} unless absolute
     * @param clientModeTeams   teams whose batches may run their driver on the gateway's host (client deploy mode)
     * @param tls               the keystore to serve HTTPS from, if any
     * @param idleTimeout       how long a connection may stay silent before the server closes it
     * @param finishedRetention how long a finished batch stays in the listing (it stays in the store)
     * @param metricsToken      the Bearer token that sees {@code /metrics} with its team and job labels; without it
     *                          a scrape gets the gateway's metrics with those labels withheld
     */
    public record Gateway(String host, int port, int launchConcurrency, Duration pollInterval, String stateDir,
                          List<String> clientModeTeams, Tls tls, Duration idleTimeout,
                          Database database, List<String> allowedSparkConf, Duration finishedRetention,
                          Optional<BearerToken> metricsToken) {

        public Gateway {
            Objects.requireNonNull(metricsToken, "metricsToken");
            clientModeTeams = List.copyOf(clientModeTeams);
            allowedSparkConf = List.copyOf(allowedSparkConf);
        }

        public Path stateDir(PunctualHome home) {
            return home.root().resolve(stateDir).normalize();
        }
    }

    /**
     * The gateway's TLS identity.
     *
     * @param keystore a keystore file holding the server's key and certificate chain; none serves plain HTTP
     * @param type     its format, {@code PKCS12} or {@code JKS}
     */
    public record Tls(Optional<Path> keystore, String password, String type) {

        public boolean enabled() {
            return keystore.isPresent();
        }

        @Override
        public String toString() {
            return "Tls[keystore=" + keystore + ", type=" + type + "]";
        }
    }

    /**
     * The PostgreSQL database that several gateways share as their batch store; without one, a gateway keeps its
     * batches in a journal file in its state directory and runs alone.
     *
     * @param url            a JDBC URL, {@code jdbc:postgresql://host:5432/database}, or blank for the journal
     * @param poolSize       connections this gateway keeps open
     * @param connectTimeout how long a request waits for a connection before it is answered 503
     */
    public record Database(String url, String user, String password, int poolSize, Duration connectTimeout) {

        /** Whether batches are kept in this database (shared by several gateways) rather than the journal file. */
        public boolean shared() {
            return !url.isBlank();
        }

        @Override
        public String toString() {
            return "Database[url=" + url + ", user=" + user + ", poolSize=" + poolSize + ", connectTimeout="
                    + connectTimeout + "]";
        }
    }

    /**
     * @param planQueue       the reservable queue deadline jobs reserve in (YARN's ReservationSystem plan)
     * @param bestEffortQueue the queue for work without a deadline; it lends capacity to team queues
     * @param planningHorizon the furthest ahead a deadline may lie: planning a window is work in proportion to its
     *                        length (YARN's agent walks it step by step), so a window without bound is unbounded work
     */
    public record Cluster(String planQueue, String bestEffortQueue, Duration planningHorizon, String executorTargets) {

        /** The longest horizon a site may set, as long as the longest window a reservation may span. */
        public static final Duration MAX_HORIZON = io.punctual.yarn.ReservationSpec.MAX_WINDOW;

        public Cluster(String planQueue, String bestEffortQueue, Duration planningHorizon) {
            this(planQueue, bestEffortQueue, planningHorizon, "");
        }

        public Cluster(String planQueue, String bestEffortQueue) {
            this(planQueue, bestEffortQueue, Duration.ofDays(7));
        }
    }

    /**
     * The site-wide sizing knobs (DESIGN.md §3).
     *
     * @param defaultConfidence RUSH's θ when neither team, job entry nor request sets one (also the site level of
     *                          {@link Settings#confidence()})
     * @param klRadius          RUSH's δ: the Kullback-Leibler radius in nats around the history's demand distribution
     * @param minGoodRuns       RUSH sizes a job once its history holds this many good runs; Justice before that
     * @param errorSmoothing    how Justice averages its past estimation errors (Algorithm 3)
     * @param killAboveTasks    Justice kills deadline violators with more tasks than this
     * @param admission         what becomes of a deadline job that finds no room now ({@code punctual.admission.policy})
     */
    public record Sizing(double defaultConfidence, double klRadius, int minGoodRuns, ErrorSmoothing errorSmoothing,
                         int killAboveTasks, AdmissionPolicy admission) {
    }

    /** @param eventLogDir where applications write Spark event logs: a URI, or a path relative to the home */
    public record History(String eventLogDir) {

        /** The directory as a Hadoop file system URI. */
        public String eventLogUri(PunctualHome home) {
            if (eventLogDir.matches("[A-Za-z][A-Za-z0-9+.-]*:.*")) {
                return eventLogDir;
            }
            return home.root().resolve(eventLogDir).normalize().toUri().toString();
        }
    }

    /**
     * How applications get Spark's own pieces on the cluster's nodes when no {@code SPARK_HOME} is set.
     *
     * @param jars            "auto", "local", "upload", or the URI of an archive of Spark's jars already on the cluster
     * @param archiveDir      where "upload" keeps archives: a URI, an absolute path, or a path inside the user's home
     *                        directory of the cluster's default file system
     * @param pysparkArchives pyspark.zip and py4j-*-src.zip for Python applications; empty when none is named
     * @param python          the Python of Python applications, whose pip-installed pyspark the thin runtime ships;
     *                        empty for PYSPARK_PYTHON, else python3
     */
    public record Spark(String jars, String archiveDir, List<String> pysparkArchives, String python) {

        public static final String AUTO = "auto";
        public static final String LOCAL = "local";
        public static final String UPLOAD = "upload";

        public Spark {
            pysparkArchives = List.copyOf(pysparkArchives);
        }
    }
}
