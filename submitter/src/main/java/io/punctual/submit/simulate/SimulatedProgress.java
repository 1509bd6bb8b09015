package io.punctual.submit.simulate;

import io.punctual.simulate.engine.StageSnapshot;
import io.punctual.sizing.replan.StageProgress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A simulated run's stages as the gateway would read them from its event log (issue 25): finished tasks with their
 * durations, running ones with the time they have run, and for a stage none of whose tasks has finished, the task
 * time of the latest stage that has some, scaled as the two compared in the job's newest run when it has one, else as
 * runs like it compared their later stages with their first ({@link StageProgress#expectedAfter}; the event log names
 * a stage's task count before any of them ends, not their time). Nothing is read before the first task finishes.
 */
final class SimulatedProgress {

    private SimulatedProgress() {
    }

    /**
     * @param history         each stage's task time in the job's newest run, if it has one: a stage none of whose
     *                        tasks has finished is expected to compare with the latest stage that has some as it did
     *                        then
     * @param laterStageRatio for a job without that history, how much longer than its first stage's tasks its later
     *                        stages' are expected to take
     */
    static Optional<List<StageProgress>> of(List<StageSnapshot> stages, Optional<double[]> history,
                                            OptionalDouble laterStageRatio) {
        int anchor = -1;
        for (int s = 0; s < stages.size(); s++) {
            if (stages.get(s).finished() > 0) {
                anchor = s;
            }
        }
        if (anchor < 0 || !(stages.get(anchor).taskSeconds() > 0)) {
            return Optional.empty();
        }
        double known = stages.get(anchor).taskSeconds();
        Optional<double[]> sameShape = history.filter(h -> h.length == stages.size() && h[stages.size() - 1] > 0);
        List<StageProgress> progress = new ArrayList<>(stages.size());
        for (int s = 0; s < stages.size(); s++) {
            StageSnapshot stage = stages.get(s);
            double[] finished = new double[stage.finished()];
            Arrays.fill(finished, stage.taskSeconds());
            double[] running = new double[stage.running()];
            Arrays.fill(running, stage.runningFor());
            double expected = stage.finished() > 0 ? stage.taskSeconds()
                    : expected(sameShape, anchor, s, known, laterStageRatio);
            progress.add(new StageProgress(stage.tasks(), finished, running, expected));
        }
        return Optional.of(progress);
    }

    private static double expected(Optional<double[]> history, int anchor, int stage, double known,
                                   OptionalDouble laterStageRatio) {
        return history.filter(h -> h[anchor] > 0).map(h -> known * h[stage] / h[anchor])
                .orElseGet(() -> StageProgress.expectedAfter(known, anchor == 0, laterStageRatio));
    }
}
