package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionPipeline;
import java.util.function.Consumer;

/** Makes the pipeline for one batch: its team's sizing knobs, and its events written to the batch's log. */
@FunctionalInterface
public interface PipelineFactory {

    SubmissionPipeline pipeline(SizingSettings sizing, Consumer<SubmissionEvent> events);
}
