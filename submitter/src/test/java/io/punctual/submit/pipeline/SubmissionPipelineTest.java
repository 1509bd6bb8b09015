package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.submit.cli.SubmitArguments;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.yarn.ReservationSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubmissionPipelineTest {

    private static final Sizing SIZING = new Sizing(new ContainerShapes(Resources.of(2, 3072), Resources.of(1, 1536), 5),
            "test");

    private static Submission at(Instant submitted, Instant deadline) {
        return new Submission("p1-test", SubmitArguments.parse(List.of("app.jar")), new JobKey("t", "j"), submitted,
                deadline, "sla", Path.of("/"));
    }

    @Test
    void theReservationHoldsTheMasterAndAGangOfExecutorsInsideASecondAlignedWindow() {
        var spec = SubmissionPipeline.reservationFor(at(Instant.parse("2026-11-22T10:00:00.250Z"),
                Instant.parse("2026-11-22T10:10:00.900Z")), SIZING);

        assertThat(spec.planQueue()).isEqualTo("sla");
        assertThat(spec.combine()).isEqualTo(ReservationSpec.Combine.ALL);
        assertThat(spec.arrival()).isEqualTo(Instant.parse("2026-11-22T10:00:01Z"));
        assertThat(spec.deadline()).isEqualTo(Instant.parse("2026-11-22T10:10:00Z"));
        // 599 s between the aligned ends, minus one plan step of slack at each end.
        assertThat(spec.stages()).allSatisfy(stage -> assertThat(stage.duration()).isEqualTo(Duration.ofSeconds(597)));
        assertThat(spec.stages().get(0).capability()).isEqualTo(Resources.of(1, 1536));
        assertThat(spec.stages().get(0).containers()).isEqualTo(1);
        assertThat(spec.stages().get(1).capability()).isEqualTo(Resources.of(2, 3072));
        assertThat(spec.stages().get(1).containers()).isEqualTo(5);
        assertThat(spec.stages().get(1).concurrency()).isEqualTo(5);
    }

    @Test
    void aDeadlineTooCloseToHoldAnythingIsRefused() {
        Instant t = Instant.parse("2026-11-22T10:00:00.500Z");
        assertThatThrownBy(() -> SubmissionPipeline.reservationFor(at(t, t.plusSeconds(3)), SIZING))
                .hasMessageContaining("leaves no time");
    }
}
