package io.punctual.submit.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.JobKey;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The submission value reads its typed fields once, when it is built, so bad ones never get as far as YARN. */
class SubmissionTest {

    private static final Instant NOW = Instant.parse("2026-11-24T09:00:00Z");

    private static Submission of(String... argv) {
        return new Submission("p-typed-1", SubmitArguments.parse(List.of(argv)), new JobKey("t", "j"), NOW,
                NOW.plus(Duration.ofMinutes(5)), "sla", Path.of("/tmp"));
    }

    @Test
    void confidenceAndAnExplicitExecutorCountAreTypedFields() {
        Submission submission = of("--confidence", "0.95", "--num-executors", "3", "app.jar");

        assertThat(submission.confidence()).contains(0.95);
        assertThat(submission.executors()).contains(3);
        assertThat(of("app.jar").confidence()).isEmpty();
        assertThat(of("app.jar").executors()).isEmpty();
    }

    @Test
    void aConfidenceOutsideZeroToOneOrAnExecutorCountBelowOneIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> of("--confidence", "1.5", "app.jar")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("strictly between 0 and 1").hasMessageContaining("1.5");
        assertThatThrownBy(() -> of("--num-executors", "0", "app.jar")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("at least 1");
        assertThatThrownBy(() -> of("--conf", "spark.executor.instances=many", "app.jar"))
                .isInstanceOf(InvalidRequest.class).hasMessageContaining("many");
    }
}
