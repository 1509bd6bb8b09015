package io.punctual.submit.gateway;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.request.Submission;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Rebuilds the pipeline's values from a stored batch, so a restarted gateway can carry on where it stopped. */
final class BatchRuns {

    private BatchRuns() {
    }

    /** @param workingDir the gateway's; each batch's spark-submit runs in a directory of its own below it */
    static Submission submission(BatchRecord record, Path workingDir) {
        return new Submission(record.submissionId(), record.request(), JobKey.parse(record.jobKey()),
                Instant.ofEpochMilli(record.submittedAtMs()), Instant.ofEpochMilli(record.deadlineMs()),
                record.planQueue(), workingDir.resolve(record.submissionId()));
    }

    /** The sizing recorded for the batch, once sizing has run. */
    static Optional<Sizing> sizing(BatchRecord record) {
        if (record.executors() == null) {
            return Optional.empty();
        }
        var shapes = new ContainerShapes(new Resources(record.executorMemoryMb(), record.executorVcores()),
                new Resources(record.masterMemoryMb(), record.masterVcores()), record.executors());
        var decision = new SizingDecision.Sized(record.executors(), record.sizedBy(), Bound.valueOf(record.bound()),
                Duration.ofSeconds(record.holdSeconds()), Optional.ofNullable(record.predictedP50Ms()).map(Instant::ofEpochMilli),
                Optional.ofNullable(record.predictedThetaMs()).map(Instant::ofEpochMilli), List.of());
        return Optional.of(new Sizing(shapes, decision, record.capacityCpus() == null ? 1 : record.capacityCpus()));
    }

    /** Records a sizing on the batch. */
    static BatchRecord.Builder withSizing(BatchRecord.Builder builder, Sizing sizing) {
        var shapes = sizing.shapes();
        var d = sizing.decision();
        return builder.sizing(shapes.executors(), shapes.executor().memoryMb(), shapes.executor().vcores(),
                shapes.master().memoryMb(), shapes.master().vcores(), sizing.hold().toSeconds(), sizing.capacityCpus(),
                d.method(), d.decidedBy().name(), d.p50Finish().map(Instant::toEpochMilli).orElse(null),
                d.thetaFinish().map(Instant::toEpochMilli).orElse(null));
    }
}
