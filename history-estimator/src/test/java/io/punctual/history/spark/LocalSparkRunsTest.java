package io.punctual.history.spark;

import io.punctual.history.IngestProgress;
import io.punctual.history.IngestReport;
import io.punctual.sizing.JobKey;
import io.punctual.history.RunHistory;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.eventlog.PlainScan;
import io.punctual.history.model.LeaveOneOut;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.TrainingOutcome;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.StageRun;
import io.punctual.history.source.FoundLogs;
import io.punctual.history.source.HistoryServerSource;
import io.punctual.history.source.LogCandidate;
import io.punctual.history.source.RollingEventLog;
import org.apache.spark.SparkConf;
import org.apache.spark.deploy.history.FsHistoryProvider;
import org.apache.spark.deploy.history.HistoryServer;
import org.apache.spark.deploy.history.HistoryServer$;
import org.apache.spark.io.CompressionCodec;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Logs written by real Spark (local[2], in this JVM): plain, each compression codec, and rolling; then served by a
 * real History Server started in-process on loopback, as Spark's own HistoryServerSuite starts it.
 */
class LocalSparkRunsTest {

    private static final JobKey WORDCOUNT = new JobKey("analytics", "wordcount");

    @TempDir
    static Path base;
    private static Path logDir;
    /** The log each app wrote, by a label: plain, lz4, lzf, snappy, zstd, rolling (all one job key). */
    private static final Map<String, Path> LOGS = new LinkedHashMap<>();
    private static HistoryServer server;
    private static String serverUrl;

    @TempDir
    Path home;

    @BeforeAll
    static void runSparkAndStartTheHistoryServer() throws IOException {
        logDir = Files.createDirectories(base.resolve("spark-events"));
        runApp("plain", Map.of());
        for (String codec : List.of("lz4", "lzf", "snappy", "zstd")) {
            runApp(codec, Map.of("spark.eventLog.compress", "true", "spark.eventLog.compression.codec", codec));
        }
        runApp("rolling", Map.of("spark.eventLog.rolling.enabled", "true", "spark.eventLog.rolling.maxFileSize", "10m"));
        startHistoryServer();
    }

    @AfterAll
    static void stopHistoryServer() {
        if (server != null) {
            server.stop();
        }
    }

    /** One application: an aggregation and a join of two shuffled inputs (a DAG with parallel parents). */
    private static void runApp(String label, Map<String, String> extra) throws IOException {
        List<Path> before = listLogs();
        SparkSession.Builder builder = SparkSession.builder().master("local[2]").appName("wordcount")
                .config("spark.eventLog.enabled", "true").config("spark.eventLog.dir", logDir.toUri().toString())
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.adaptive.enabled", "false").config("spark.sql.autoBroadcastJoinThreshold", "-1")
                .config("spark.deadline.jobKey", "wordcount").config("spark.deadline.team", "analytics");
        extra.forEach(builder::config);
        SparkSession spark = builder.getOrCreate();
        try {
            Dataset<Row> a = spark.range(0, 60_000, 1, 6).selectExpr("id % 97 as k", "id as v");
            Dataset<Row> b = spark.range(0, 20_000, 1, 3).selectExpr("id % 97 as k", "id * 2 as w");
            a.groupBy("k").sum("v").collectAsList();
            a.join(b, "k").groupBy("k").count().collectAsList();
        } finally {
            spark.stop();
        }
        List<Path> after = listLogs();
        after.removeAll(before);
        assertThat(after).as("the new log of %s", label).hasSize(1);
        LOGS.put(label, after.get(0));
    }

    private static void startHistoryServer() {
        SparkConf conf = new SparkConf() {
            @Override
            public String getenv(String name) {
                // WebUI binds to $SPARK_LOCAL_IP; keep the server on loopback without touching the environment
                return "SPARK_LOCAL_IP".equals(name) ? "127.0.0.1" : super.getenv(name);
            }
        };
        conf.set("spark.history.fs.logDirectory", logDir.toUri().toString()).set("spark.history.fs.update.interval", "0")
                .set("spark.testing", "true").set("spark.ui.enabled", "true");
        FsHistoryProvider provider = new FsHistoryProvider(conf);
        provider.checkForLogs();
        server = new HistoryServer(conf, provider, HistoryServer$.MODULE$.createSecurityManager(conf), 0);
        server.bind();
        provider.start();
        serverUrl = "http://127.0.0.1:" + server.boundPort();
    }

    @Test
    void sparkWroteEachCodecAndTheRollingLayout() {
        assertThat(LOGS.get("lz4").getFileName().toString()).endsWith(".lz4");
        assertThat(LOGS.get("lzf").getFileName().toString()).endsWith(".lzf");
        assertThat(LOGS.get("snappy").getFileName().toString()).endsWith(".snappy");
        assertThat(LOGS.get("zstd").getFileName().toString()).endsWith(".zstd");
        assertThat(LOGS.get("rolling").getFileName().toString()).startsWith("eventlog_v2_");
        assertThat(candidate(LOGS.get("rolling"))).isInstanceOf(RollingEventLog.class);
    }

    @Test
    void everyLogSparkWroteReadsAsTheNaiveScanOfItsDecompressedText() throws IOException {
        for (Map.Entry<String, Path> log : LOGS.entrySet()) {
            PlainScan expected;
            try (InputStream in = decompressedBySpark(log.getValue())) {
                expected = PlainScan.of(in);
            }
            RunRecord run = read(log.getValue());
            assertThat(run.totals().tasks()).as(log.getKey()).isEqualTo(expected.taskEnds());
            assertThat(run.totals().taskTimeMs()).as(log.getKey()).isEqualTo(expected.taskTimeMs());
            assertThat(run.wallTimeMs()).as(log.getKey()).hasValue(expected.wallTimeMs());
            assertThat(run.stages()).as(log.getKey()).hasSize(expected.stages());
            assertThat(run.sparkVersion()).contains("3.5.6");
            assertThat(run.jobKey()).isEqualTo(WORDCOUNT);
            assertThat(run.trainable()).as(log.getKey() + ": " + run.excludedReason()).isTrue();
        }
    }

    @Test
    void theJoinStageWaitsForBothOfItsShuffledInputs() throws IOException {
        RunRecord run = read(LOGS.get("plain"));
        assertThat(run.stages()).anySatisfy(s -> assertThat(s.parentIds()).hasSizeGreaterThanOrEqualTo(2));
        assertThat(run.coresPerExecutor()).isEqualTo(2);
        assertThat(run.maxStageTasks()).isEqualTo(6);
        assertThat(run.stages().stream().mapToInt(StageRun::numTasks).sum()).isGreaterThan(6);
    }

    @Test
    void theModelOfTheRepeatedJobReplaysItsRunsAtTheirOwnShape() {
        RunHistory history = RunHistory.open(home);
        IngestReport report = history.ingest(logDir.toString(), IngestProgress.SILENT);
        assertThat(report.count("stored")).isEqualTo(LOGS.size());

        RuntimeModel model = ((TrainingOutcome.Trained) history.model(WORDCOUNT)).model();
        assertThat(model.trainingRuns()).hasSize(LOGS.size());
        // local[2] is one executor with two cores: replaying each run there must give back about its wall time
        // (what the replay leaves out is scheduling delay between stages, small next to driver time here)
        double[] predicted = model.predictionsMs(1);
        List<RunRecord> runs = history.store().runs(Optional.of(WORDCOUNT)).runs();
        for (int i = 0; i < runs.size(); i++) {
            double actual = runs.get(i).wallTimeMs().orElseThrow();
            assertThat(predicted[i]).as("run %s", runs.get(i).id()).isCloseTo(actual, within(actual * 0.2));
        }
        assertThat(model.maxUsefulExecutors()).isEqualTo(3);

        // each run predicted from the other five (in one JVM the first run pays the warm-up: it is the outlier)
        LeaveOneOut.Result loo = LeaveOneOut.evaluate(WORDCOUNT, runs, ModelSettings.DEFAULT);
        assertThat(loo.trials()).hasSize(LOGS.size());
        System.out.printf("local leave-one-out over %d runs: median error %.1f%%, p90 %.1f%%%n", loo.trials().size(),
                100 * loo.medianError(), 100 * loo.p90Error());
        assertThat(loo.medianError()).isLessThan(0.5);
    }

    @Test
    void theHistoryServerServesTheSameRunsThroughItsEventLogs() throws IOException {
        Map<String, RunRecord> fromFiles = runsFromFiles();
        List<RunRecord> fromServer = readServer(HistoryServerSource.Mode.EVENT_LOG_FIRST);
        assertThat(fromServer).hasSize(LOGS.size());
        for (RunRecord served : fromServer) {
            RunRecord file = fromFiles.get(served.id().toString());
            assertThat(served).usingRecursiveComparison().ignoringFields("source").isEqualTo(file);
            assertThat(served.source().uri()).startsWith(serverUrl + "/api/v1/applications/");
        }
    }

    @Test
    void theHistoryServersStructuredEndpointsGiveTheSameTotals() throws IOException {
        Map<String, RunRecord> fromFiles = runsFromFiles();
        List<RunRecord> fromServer = readServer(HistoryServerSource.Mode.STRUCTURED_ONLY);
        assertThat(fromServer).hasSize(LOGS.size());
        for (RunRecord served : fromServer) {
            RunRecord file = fromFiles.get(served.id().toString());
            assertThat(served.totals().tasks()).isEqualTo(file.totals().tasks());
            assertThat(served.totals().taskTimeMs()).isEqualTo(file.totals().taskTimeMs());
            assertThat(served.totals().inputBytes()).isEqualTo(file.totals().inputBytes());
            assertThat(served.wallTimeMs()).isEqualTo(file.wallTimeMs());
            assertThat(served.stages()).extracting(StageRun::stageId)
                    .containsExactlyElementsOf(file.stages().stream().map(StageRun::stageId).toList());
            assertThat(served.jobKey()).isEqualTo(WORDCOUNT);
            assertThat(served.executorsMax()).isEqualTo(file.executorsMax());
            assertThat(served.trainable()).isTrue();
        }
    }

    @Test
    void ingestingFromTheHistoryServerStoresEveryApplication() {
        RunHistory history = RunHistory.open(home);
        IngestReport report = history.ingest(serverUrl, IngestProgress.SILENT);
        assertThat(report.count("stored")).isEqualTo(LOGS.size());
        assertThat(history.ingest(serverUrl, IngestProgress.SILENT).count("unchanged")).isEqualTo(LOGS.size());
    }

    private static Map<String, RunRecord> runsFromFiles() throws IOException {
        Map<String, RunRecord> byId = new LinkedHashMap<>();
        for (Path log : LOGS.values()) {
            RunRecord run = read(log);
            byId.put(run.id().toString(), run);
        }
        return byId;
    }

    private static List<RunRecord> readServer(HistoryServerSource.Mode mode) throws IOException {
        List<LogCandidate> attempts = FoundLogs.in(new HistoryServerSource(URI.create(serverUrl), Duration.ofSeconds(30), mode));
        List<RunRecord> runs = new ArrayList<>();
        for (LogCandidate attempt : attempts) {
            ReadOutcome outcome = attempt.read(new EventLogParser());
            assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
            runs.add(((ReadOutcome.Read) outcome).run());
        }
        return runs;
    }

    /** The log's text as Spark's own codec decodes it: the oracle shares no code with our reader. */
    private static InputStream decompressedBySpark(Path log) throws IOException {
        List<Path> parts = new ArrayList<>();
        if (Files.isDirectory(log)) {
            try (Stream<Path> files = Files.list(log)) {
                files.filter(p -> p.getFileName().toString().startsWith("events_"))
                        .sorted(java.util.Comparator.comparing(p -> Integer.parseInt(p.getFileName().toString().split("_")[1])))
                        .forEach(parts::add);
            }
        } else {
            parts.add(log);
        }
        List<InputStream> streams = new ArrayList<>();
        for (Path part : parts) {
            String name = part.getFileName().toString();
            String extension = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : "";
            InputStream raw = Files.newInputStream(part);
            streams.add(List.of("lz4", "lzf", "snappy", "zstd").contains(extension)
                    ? CompressionCodec.createCodec(new SparkConf(), extension).compressedInputStream(raw) : raw);
        }
        return new SequenceInputStream(Collections.enumeration(streams));
    }

    private static RunRecord read(Path log) throws IOException {
        ReadOutcome outcome = candidate(log).read(new EventLogParser());
        assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
        return ((ReadOutcome.Read) outcome).run();
    }

    private static LogCandidate candidate(Path log) {
        return FoundLogs.single(log.toString());
    }

    private static List<Path> listLogs() throws IOException {
        try (Stream<Path> files = Files.list(logDir)) {
            return new ArrayList<>(files.filter(p -> !p.getFileName().toString().startsWith(".")).toList());
        }
    }
}
