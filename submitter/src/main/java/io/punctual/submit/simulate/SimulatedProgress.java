package io.punctual.submit.simulate;

import io.punctual.simulate.engine.StageSnapshot;
import io.punctual.sizing.replan.StageProgress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A simulated run's stages as the gateway would read them from its event log (issue 25): finished tasks with their
 * durations, running ones with the time they have run, and for a stage none of whose tasks has finished, the task
 * time of the latest stage that has some (history's stand-in: the event log names a stage's task count before any of
 * them ends, not their time). Nothing is read before the first task finishes.
 */
final class SimulatedProgress {

    private SimulatedProgress() {
    }

    static Optional<List<StageProgress>> of(List<StageSnapshot> stages) {
        double known = 0;
        for (StageSnapshot stage : stages) {
            if (stage.finished() > 0) {
                known = stage.taskSeconds();
            }
        }
        if (!(known > 0)) {
            return Optional.empty();
        }
        List<StageProgress> progress = new ArrayList<>(stages.size());
        double expected = known;
        for (StageSnapshot stage : stages) {
            double[] finished = new double[stage.finished()];
            Arrays.fill(finished, stage.taskSeconds());
            double[] running = new double[stage.running()];
            Arrays.fill(running, stage.runningFor());
            if (stage.finished() > 0) {
                expected = stage.taskSeconds();
            }
            progress.add(new StageProgress(stage.tasks(), finished, running, expected));
        }
        return Optional.of(progress);
    }
}
