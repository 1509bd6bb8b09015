package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import java.util.Optional;

/**
 * What learning and sizing concluded for a submission, before anything is reserved.
 *
 * @param one the containers of the application with a single executor: its executor and master shapes
 */
public record Decision(SizingRequest request, ContainerShapes one, SizingDecision sizing) {

    /** The sizing of an admitted submission, with the executor count decided. */
    public Sizing sizingFor(SizingDecision.Sized sized) {
        return new Sizing(new ContainerShapes(one.executor(), one.master(), sized.executors()), sized,
                request.executorLimit() * request.coresPerExecutor());
    }

    /** The outcome of a submission whose deadline sizing says cannot be met. */
    public SubmissionOutcome rejection(Submission submission) {
        if (sizing instanceof SizingDecision.Unmeetable unmeetable) {
            return new SubmissionOutcome.Rejected(submission, "the deadline cannot be met: " + unmeetable.reason(),
                    unmeetable.earliestDeadline());
        }
        return new SubmissionOutcome.Failed(submission, "no sizer could size the job: "
                + ((SizingDecision.NotApplicable) sizing).reason());
    }

    public Optional<SizingDecision.Sized> sized() {
        return sizing instanceof SizingDecision.Sized s ? Optional.of(s) : Optional.empty();
    }
}
