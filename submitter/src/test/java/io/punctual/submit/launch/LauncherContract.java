package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Launcher} must do, whatever it launches with: the application it starts reaches the cluster in
 * the queue the command names, carrying the submission's tag, under the id the launcher reports. Passed by
 * {@link SparkSubmitLauncher} on the embedded YARN and by {@link InMemoryLauncher} on the in-memory cluster.
 */
abstract class LauncherContract {

    abstract Launcher launcher();

    abstract ClusterGateway cluster();

    /** Where the launched command runs: a queue that can start applications now. */
    abstract String queue();

    /** Spark runtime, event-log directory and scratch space for the command. */
    abstract SparkRuntime runtime();

    abstract Path work();

    /** An application that runs a while and ends by itself. */
    abstract SubmitArguments application();

    /** Lets the cluster move on (a real one needs wall time, the in-memory one its clock). */
    abstract void passTime(Duration duration);

    @Test
    void theApplicationReachesTheClusterInTheNamedQueueWithItsTagUnderTheReportedId() throws Exception {
        java.nio.file.Files.createDirectories(work().resolve("events"));
        Instant now = Instant.now();
        Submission submission = new Submission(Submission.newId(), application(), new JobKey("contract", "launch"),
                now, now.plus(Duration.ofMinutes(10)), "sla", work());
        ContainerShapes shapes = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 1);
        LaunchRequest request = SparkCommand.inQueue(submission, queue(), shapes, work().resolve("events").toUri()
                .toString(), runtime(), work(), work().resolve("spark-submit.log"), work());

        LaunchedApp launched = launcher().launch(request);
        Optional<AppId> id = launched.awaitAppId(Duration.ofMinutes(3));

        assertThat(id).as("the id the launcher reports").isPresent();
        List<AppReport> tagged = cluster().applicationsTagged(submission.tag().toUpperCase(java.util.Locale.ROOT));
        assertThat(tagged).extracting(AppReport::id).containsExactly(id.get());
        AppReport report = cluster().application(id.get()).orElseThrow();
        assertThat(report.queue()).endsWith(queue());
        assertThat(report.tags()).contains(submission.tag(), "punctual");
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(3));
        while (!cluster().application(id.get()).orElseThrow().state().isFinal() && Instant.now().isBefore(giveUp)) {
            passTime(Duration.ofSeconds(1));
        }
        assertThat(cluster().application(id.get()).orElseThrow().state().isFinal()).as("ended by itself").isTrue();
        launched.stopSubmitter();
    }
}
