package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.Submission;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparkCommandTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    private static Submission submission(String... argv) {
        SubmitArguments args = SubmitArguments.parse(List.of(argv));
        return new Submission("p1-test", args, new JobKey("finance", "daily revenue"), T0, T0.plusSeconds(3600), "sla",
                Path.of("/work"));
    }

    private static LaunchRequest command(Submission submission, boolean jarsOnEveryNode) {
        return command(submission, new SparkRuntime(Path.of("/opt/spark"), jarsOnEveryNode
                ? new SparkJars.InPlace(Path.of("/opt/spark/jars")) : new SparkJars.FromDistribution(), List.of()));
    }

    private static LaunchRequest command(Submission submission, SparkRuntime runtime) {
        var shapes = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 4);
        return SparkCommand.inQueue(submission, "reservation_1_0001", shapes, "file:/home/p/history/event-logs",
                runtime, Path.of("/etc/hadoop"), Path.of("/tmp/out.log"), Path.of("/home/p/tmp"));
    }

    @Test
    void theUsersOptionsPassThroughAndPunctualOwnsQueueMasterAndExecutorCount() {
        var request = command(submission("--master", "yarn", "--queue", "sla", "--num-executors", "9", "--class",
                "com.x.Main", "--jars", "dep.jar", "--executor-memory", "1g", "--verbose", "app.jar", "in", "out"), true);

        List<String> argv = request.argv();
        assertThat(argv).containsSubsequence("--class", "com.x.Main", "--master", "yarn", "--deploy-mode", "cluster",
                "--queue", "reservation_1_0001", "--num-executors", "4", "--jars", "dep.jar", "--executor-memory", "1g",
                "--verbose");
        assertThat(Collections.frequency(argv, "--queue")).isEqualTo(1);
        assertThat(Collections.frequency(argv, "--num-executors")).isEqualTo(1);
        assertThat(argv.subList(argv.size() - 3, argv.size())).containsExactly("app.jar", "in", "out");
    }

    @Test
    void executorsArePinnedAndTheRunIsTaggedAndLogged() {
        var request = command(submission("--conf", "spark.dynamicAllocation.enabled=true", "--conf",
                "spark.yarn.tags=nightly,etl", "app.jar"), false);

        assertThat(request.conf()).containsEntry("spark.dynamicAllocation.enabled", "false")
                .containsEntry("spark.eventLog.enabled", "true")
                .containsEntry("spark.eventLog.dir", "file:/home/p/history/event-logs")
                .containsEntry("spark.deadline.submissionId", "p1-test")
                .containsEntry("spark.deadline.team", "finance")
                .containsEntry("spark.deadline.at", T0.plusSeconds(3600).toString())
                .containsEntry("spark.scheduler.minRegisteredResourcesRatio", "1.0");
        assertThat(request.conf().get("spark.yarn.tags").split(","))
                .containsExactly("nightly", "etl", "punctual", "punctual-sub-p1-test", "punctual-job-finance.daily-revenue");
        assertThat(request.conf()).doesNotContainKey("spark.yarn.jars");
        assertThat(request.env()).containsEntry("HADOOP_CONF_DIR", "/etc/hadoop")
                .containsEntry("SPARK_SUBMIT_OPTS", "-Djava.io.tmpdir=/home/p/tmp");
    }

    @Test
    void aBestEffortRunKeepsDynamicAllocationWhenAskedAndOtherwiseStaysPinned() {
        var shapes = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 4);
        Submission dynamic = submission("--conf", "spark.dynamicAllocation.enabled=true", "--conf",
                "spark.dynamicAllocation.shuffleTracking.enabled=true", "--num-executors", "3", "app.jar");
        SparkRuntime runtime = new SparkRuntime(Path.of("/opt/spark"), new SparkJars.FromDistribution(), List.of());

        var bestEffort = SparkCommand.inQueue(dynamic, "analytics", shapes, "file:/e", runtime, Path.of("/etc/hadoop"),
                Path.of("/tmp/out.log"), Path.of("/tmp"), false);
        var reserved = SparkCommand.inQueue(dynamic, "reservation_1_0001", shapes, "file:/e", runtime,
                Path.of("/etc/hadoop"), Path.of("/tmp/out.log"), Path.of("/tmp"), true);
        var pinnedBestEffort = SparkCommand.inQueue(submission("app.jar"), "analytics", shapes, "file:/e", runtime,
                Path.of("/etc/hadoop"), Path.of("/tmp/out.log"), Path.of("/tmp"), false);

        assertThat(bestEffort.conf()).containsEntry("spark.dynamicAllocation.enabled", "true")
                .containsEntry("spark.dynamicAllocation.shuffleTracking.enabled", "true")
                .doesNotContainKey("spark.scheduler.minRegisteredResourcesRatio");
        assertThat(bestEffort.argv()).doesNotContain("--num-executors").containsSubsequence("--queue", "analytics");
        assertThat(reserved.conf()).containsEntry("spark.dynamicAllocation.enabled", "false");
        assertThat(reserved.argv()).containsSubsequence("--num-executors", "4");
        assertThat(pinnedBestEffort.conf()).containsEntry("spark.dynamicAllocation.enabled", "false");
        assertThat(pinnedBestEffort.argv()).containsSubsequence("--num-executors", "4");
    }

    @Test
    void workWithoutADeadlineWritesNoDeadlineIntoItsEventLog() {
        var shapes = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 4);
        SparkRuntime runtime = new SparkRuntime(Path.of("/opt/spark"), new SparkJars.FromDistribution(), List.of());
        Submission job = submission("app.jar");

        var bestEffort = SparkCommand.inQueue(job, "analytics", shapes, "file:/e", runtime, Path.of("/etc/hadoop"),
                Path.of("/tmp/out.log"), Path.of("/tmp"), false);
        var reserved = SparkCommand.inQueue(job, "reservation_1_0001", shapes, "file:/e", runtime,
                Path.of("/etc/hadoop"), Path.of("/tmp/out.log"), Path.of("/tmp"), true);

        // the best-effort submission's deadline is the gateway's stand-in horizon, not a deadline anyone asked for
        assertThat(bestEffort.conf()).doesNotContainKey(DeadlineKeys.AT)
                .containsEntry(DeadlineKeys.SUBMISSION_ID, job.id());
        assertThat(reserved.conf()).containsEntry(DeadlineKeys.AT, job.deadline().toString());
    }

    @Test
    void clientModeIsKeptWhenAsked() {
        var request = command(submission("--deploy-mode", "client", "app.jar"), false);
        assertThat(request.argv()).containsSubsequence("--deploy-mode", "client");
        assertThat(Collections.frequency(request.argv(), "--deploy-mode")).isEqualTo(1);
    }

    @Test
    void sharedRuntimeJarsAreUsedInPlaceUnlessTheUserChoseOwnJars() {
        assertThat(command(submission("app.jar"), true).conf()).containsEntry("spark.yarn.jars", "local:/opt/spark/jars/*");
        assertThat(command(submission("--conf", "spark.yarn.archive=hdfs:///spark.zip", "app.jar"), true).conf())
                .doesNotContainKey("spark.yarn.jars");
    }

    @Test
    void aSiteArchiveIsPassedAsSparkYarnArchiveAndTheUsersOwnJarsStillWin() {
        SparkRuntime archived = new SparkRuntime(Path.of("/opt/spark"), new SparkJars.Archive("hdfs:///apps/libs.zip"),
                List.of());
        assertThat(command(submission("app.jar"), archived).conf())
                .containsEntry("spark.yarn.archive", "hdfs:///apps/libs.zip").doesNotContainKey("spark.yarn.jars");
        assertThat(command(submission("--conf", "spark.yarn.jars=hdfs:///mine/*", "app.jar"), archived).conf())
                .containsEntry("spark.yarn.jars", "hdfs:///mine/*").doesNotContainKey("spark.yarn.archive");
    }

    @Test
    void theSitesPySparkArchivesReachSparkSubmitAsPySparkArchivesPath() {
        SparkRuntime python = new SparkRuntime(Path.of("/opt/spark"), new SparkJars.FromDistribution(),
                List.of("hdfs:///s/pyspark.zip", "hdfs:///s/py4j-0.10.9.7-src.zip"));
        assertThat(command(submission("etl.py"), python).env())
                .containsEntry("PYSPARK_ARCHIVES_PATH", "hdfs:///s/pyspark.zip,hdfs:///s/py4j-0.10.9.7-src.zip");
        assertThat(command(submission("etl.py"), python).conf()).containsEntry("spark.pyspark.python", "python3");
        assertThat(command(submission("app.jar"), false).env()).doesNotContainKey("PYSPARK_ARCHIVES_PATH");
    }
}
