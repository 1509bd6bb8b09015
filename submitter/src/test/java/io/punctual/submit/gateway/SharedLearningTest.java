package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.history.run.RunId;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.submit.SparkEventLog;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.yarn.AppState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two gateways with homes of their own over one real PostgreSQL: whatever a run teaches through one (its run, Justice's
 * state, the launch overhead, the work per task) is what the other sizes with, and what a home learnt before it joined
 * the database is copied in once.
 */
class SharedLearningTest {

    /** One of Spark's own event logs (spark-core's test jar): the runs below are copies of it under new ids. */
    private static final String LOG = "application_1628109047826_1317105";

    @RegisterExtension
    static final LocalPostgres.PerClass postgres = new LocalPostgres.PerClass();

    @TempDir
    Path tmp;

    private final List<SqlPool> pools = new ArrayList<>();
    private SiteConfig.Database database;

    @BeforeEach
    void database() throws Exception {
        database = LocalPostgres.database(postgres.server().freshDatabase("shared_learning"));
    }

    @AfterEach
    void close() {
        pools.forEach(SqlPool::close);
    }

    private LearningStores gateway(String name) throws IOException {
        SqlPool pool = SqlPool.open(database);
        pools.add(pool);
        return LearningStores.shared(pool, home(name), Files.createDirectories(home(name).resolve("state")),
                new ErrorSmoothing.EqualWeights(), Clock.systemUTC());
    }

    private Path home(String name) {
        return tmp.resolve(name);
    }

    /** Spark's log under a new application id: another run of the same job, as far as the history can tell. */
    private Path run(int index) throws IOException {
        Path original = SparkEventLog.copy(LOG, tmp.resolve("spark-logs"));
        String id = "application_1628109047826_" + (2000 + index);
        Path copy = original.resolveSibling(id);
        Files.writeString(copy, Files.readString(original).replace(LOG, id));
        Files.delete(original);
        return copy;
    }

    /** A deadline run that started 7 s after its reservation opened, an hour before its deadline. */
    private static Completion reserved(Path log, JobKey job) throws IOException {
        Instant start = Instant.ofEpochMilli(startMs(log));
        Instant opened = start.minusSeconds(7);
        return new Completion(job, opened, Optional.of(opened.plus(Duration.ofHours(1))), AppState.SUCCEEDED,
                start.plus(Duration.ofMinutes(30)), 2, 1, 8, Optional.of(log), true, Optional.of(opened));
    }

    private static long startMs(Path log) throws IOException {
        String text = Files.readString(log);
        int at = text.indexOf("\"Timestamp\":", text.indexOf("SparkListenerApplicationStart"));
        return Long.parseLong(text.substring(at + 12).split("[,}]")[0]);
    }

    @Test
    void aRunLearntThroughOneGatewaySizesTheNextSubmissionThroughTheOtherTheSameWay() throws Exception {
        LearningStores one = gateway("one");
        LearningStores other = gateway("other");
        var before = other.learning().justice();
        JobKey job = learnedJob(one, run(0));
        assertThat(other.learning().history(job)).as("the first run, learnt through the other gateway").isPresent();

        for (int i = 1; i < 6; i++) {
            one.learning().learn(reserved(run(i), job));
        }

        Learning through = other.learning();
        assertThat(through.history(job)).as(one.learning().whyNoHistory(job)).isPresent();
        JobHistory seen = through.history(job).orElseThrow();
        JobHistory learnt = one.learning().history(job).orElseThrow();
        assertThat(PostgresHistoryStore.over(pools.get(0)).runs(Optional.of(job)).runs()).hasSize(6);
        assertThat(seen.goodRuns()).isEqualTo(learnt.goodRuns()).isEqualTo(6);
        assertThat(seen.demands()).isEqualTo(learnt.demands());
        assertThat(seen.curve().wallSeconds(3, 0.9)).isEqualTo(learnt.curve().wallSeconds(3, 0.9));
        assertThat(through.justice()).isEqualTo(one.learning().justice()).isNotEqualTo(before);
        assertThat(through.launchOverhead()).isEqualTo(one.learning().launchOverhead())
                .isEqualTo(Duration.ofSeconds(7));
        assertThat(through.parallelWork().runs()).hasSize(6).isEqualTo(one.learning().parallelWork().runs());
        // nothing of it is in either home
        try (var files = Files.list(home("one").resolve("state"))) {
            assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("justice.state",
                    "launch-overheads.txt", "parallel-work.txt");
        }
        assertThat(FileHistoryStore.open(home("one").resolve("history")).runs(Optional.empty()).runs()).isEmpty();
    }

    /** The job key comes from the log, as it does for every run a gateway learns from. */
    private JobKey learnedJob(LearningStores gateway, Path log) throws IOException {
        var report = gateway.learning().learn(reserved(log, new JobKey("t", "job")));
        assertThat(report.problem()).isEmpty();
        return PostgresHistoryStore.over(pools.get(0)).get(RunId.parse(report.ingested().orElseThrow()))
                .orElseThrow().jobKey();
    }

    @Test
    void whatAHomeLearntAloneIsCopiedIntoTheDatabaseOnceAndNeverOverAnotherGatewaysLearning() throws Exception {
        Path state = Files.createDirectories(home("one").resolve("state"));
        StoredLearning alone = StoredLearning.open(home("one"), state, new ErrorSmoothing.EqualWeights(),
                Clock.systemUTC());
        Path first = run(0);
        assertThat(alone.learn(reserved(first, new JobKey("t", "job"))).problem()).isEmpty();
        Files.writeString(state.resolve(QueueArrivals.NAME), "1000\tanalytics\n");

        LearningStores joined = gateway("one");
        LearningStores other = gateway("other");

        assertThat(PostgresHistoryStore.over(pools.get(0)).runs(Optional.empty()).runs()).hasSize(1);
        assertThat(other.learning().justice()).isEqualTo(alone.justice());
        assertThat(other.learning().launchOverhead()).isEqualTo(Duration.ofSeconds(7));
        assertThat(other.texts().read(QueueArrivals.NAME)).contains("1000\tanalytics\n");
        // learning goes on in the database; opening the home again does not copy its old state over it
        other.learning().learn(reserved(run(1), new JobKey("t", "job")));
        var learntSince = other.learning().justice();
        assertThat(learntSince).isNotEqualTo(alone.justice());
        LearningStores again = gateway("one");
        assertThat(again.learning().justice()).isEqualTo(learntSince);
        assertThat(Files.readAllLines(state.resolve(LearningStores.COPIED))).hasSize(1);
    }

    @Test
    void aRunThatFinishesWhileTheDatabaseIsDownTeachesNothingButSaysHowToLearnItLater() throws Exception {
        LearningStores gateway = gateway("one");
        Path log = run(0);
        postgres.server().crash();
        Learning.LearningReport report;
        try {
            report = gateway.learning().learn(reserved(log, new JobKey("t", "job")));
        } finally {
            postgres.server().startAgain();
        }

        assertThat(report.ingested()).isEmpty();
        assertThat(report.problem()).hasValueSatisfying(p -> assertThat(p).contains("could not be recorded")
                .contains(log.toString()).contains("punctual history ingest"));
        var later = gateway.learning().learn(reserved(log, new JobKey("t", "job")));
        assertThat(later.problem()).isEmpty();
        assertThat(later.ingested()).isPresent();
    }

    /** An operator's {@code punctual history} with the gateways' site reads and writes their database, not a home. */
    @Test
    void historyWithTheGatewaysSiteShowsAndIngestsTheRunsEveryGatewaySizesWith() throws Exception {
        Path conf = Files.createDirectories(tmp.resolve("conf"));
        Files.writeString(conf.resolve("site.conf"), "punctual.gateway.database { url = \"" + database.url()
                + "\", user = punctual, connect-timeout = 1s }\n");
        Path log = run(0);

        var ingested = cli("history", "ingest", log.toString(), "--conf-dir", conf.toString(), "--json");
        var shown = cli("history", "show", "--conf-dir", conf.toString(), "--json");
        var ownHome = cli("history", "show", "--json");

        assertThat(ingested.status()).as(ingested.err()).isZero();
        assertThat(ingested.err()).contains("the gateways' database " + database.url());
        assertThat(shown.out()).contains("application_1628109047826_2000");
        assertThat(ownHome.out()).as("the operator's own home").doesNotContain("application_1628109047826_2000");
        LearningStores gateway = gateway("two");
        JobKey job = PostgresHistoryStore.over(pools.get(0)).runs(Optional.empty()).runs().get(0).jobKey();
        assertThat(gateway.learning().history(job)).isPresent();
    }

    private record Ran(int status, String out, String err) {
    }

    private Ran cli(String... argv) {
        var out = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        var context = new io.punctual.submit.cli.CliContext(new java.util.HashMap<>(),
                java.io.InputStream.nullInputStream(),
                new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8), Clock.systemUTC(),
                new io.punctual.submit.home.PunctualHome(tmp.resolve("operator")), tmp,
                io.punctual.submit.home.Install.fromSystemProperty().orElseThrow());
        int status = io.punctual.submit.Main.run(List.of(argv), context);
        return new Ran(status, out.toString(java.nio.charset.StandardCharsets.UTF_8),
                err.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
