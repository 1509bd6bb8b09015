package io.punctual.history.source;

import io.punctual.history.IngestProgress;
import io.punctual.history.IngestReport;
import io.punctual.history.RunHistory;
import io.punctual.history.SparkEventLogs;
import io.punctual.history.eventlog.EventLogCodec;
import io.punctual.history.eventlog.PlainScan;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.security.PrivilegedExceptionAction;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Event logs on a real in-process HDFS (MiniDFSCluster), read through Hadoop's FileSystem API. */
class HdfsSourceTest {

    private static final String LOG = "app-20200706201101-0003";
    private static MiniDFSCluster cluster;
    private static String root;

    @TempDir
    static java.nio.file.Path base;
    @TempDir
    java.nio.file.Path home;

    @BeforeAll
    static void startHdfs() throws IOException {
        Configuration conf = new Configuration();
        conf.setBoolean("dfs.permissions.enabled", true);
        cluster = new MiniDFSCluster.Builder(conf, base.resolve("dfs").toFile()).numDataNodes(1).build();
        cluster.waitActive();
        root = "hdfs://localhost:" + cluster.getNameNodePort();
        FileSystem fs = cluster.getFileSystem();
        byte[] plain = SparkEventLogs.bytes("spark-events/" + LOG);
        write(fs, "/spark-logs/" + LOG, plain);
        write(fs, "/spark-logs/app-zstd.zstd", CodecRoundTripTest.compress(EventLogCodec.ZSTD, plain));
        write(fs, "/spark-logs/eventlog_v2_app-rolling/events_1_app-rolling.lz4",
                CodecRoundTripTest.compress(EventLogCodec.LZ4, plain));
        write(fs, "/spark-logs/eventlog_v2_app-rolling/appstatus_app-rolling", new byte[0]);
        fs.mkdirs(new Path("/spark-logs/private"));
        write(fs, "/spark-logs/private/app-secret", plain);
        fs.setPermission(new Path("/spark-logs/private"), new FsPermission((short) 0700));
        fs.setPermission(new Path("/spark-logs"), new FsPermission((short) 0755));
    }

    @AfterAll
    static void stopHdfs() {
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    @Test
    void plainCompressedAndRollingLogsOnHdfsAreIngested() throws IOException {
        long tasks = PlainScan.of(new ByteArrayInputStream(SparkEventLogs.bytes("spark-events/" + LOG))).taskEnds();
        RunHistory history = RunHistory.open(home);

        IngestReport report = history.ingest(root + "/spark-logs", IngestProgress.SILENT);
        // four copies of one application attempt: the first is stored; the byte-identical one is recognised by its
        // content; the zstd and rolling copies differ in bytes and are skipped, as a complete record exists
        assertThat(report.count("stored")).isEqualTo(1);
        assertThat(report.count("unchanged")).isEqualTo(1);
        assertThat(report.count("skipped")).isEqualTo(2);
        assertThat(report.count("unreachable")).isZero();
        assertThat(report.outcomes()).filteredOn(o -> o.location().contains("eventlog_v2_app-rolling")).singleElement()
                .satisfies(o -> assertThat(o.location()).startsWith("hdfs://"));
        assertThat(history.show(Optional.empty()).runs()).singleElement()
                .satisfies(r -> assertThat(r.tasks()).isEqualTo(tasks));
    }

    @Test
    void aDirectoryWithoutPermissionIsReportedAndTheRestIngested() throws Exception {
        UserGroupInformation mallory = UserGroupInformation.createRemoteUser("mallory");
        IngestReport report = mallory.doAs((PrivilegedExceptionAction<IngestReport>) () ->
                RunHistory.open(home).ingest(root + "/spark-logs", IngestProgress.SILENT));

        assertThat(report.outcomes()).filteredOn(o -> o.kind().equals("unreachable")).singleElement().satisfies(o -> {
            assertThat(o.location()).endsWith("/spark-logs/private");
            assertThat(o.message()).startsWith("permission denied");
        });
        assertThat(report.count("stored")).isEqualTo(1);
    }

    private static void write(FileSystem fs, String path, byte[] bytes) throws IOException {
        try (OutputStream out = fs.create(new Path(path))) {
            out.write(bytes);
        }
    }
}
