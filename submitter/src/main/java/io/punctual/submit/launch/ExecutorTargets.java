package io.punctual.submit.launch;

import io.punctual.yarn.AppId;

/**
 * Moves a running application's executor target (issue 25: grow a lagging job, give back what a fast one does not
 * need), without Spark's dynamic allocation. The simulator's moves its CPUs; a Spark driver plugin is the live one.
 */
@FunctionalInterface
public interface ExecutorTargets {

    /** Nothing can move a target: re-planning is off for every run, and says so. */
    ExecutorTargets NONE = (submission, app, executors) -> new Move.Unreachable(
            "nothing here can move a running application's executors");

    /** The submission's run is over: whatever was kept to move it goes. */
    default void forget(String submissionId) {
    }

    /** Asks the application of submission {@code submissionId} to run with {@code executors} executors from now on. */
    Move move(String submissionId, AppId app, int executors);

    /** What became of a move. */
    sealed interface Move {

        /** Asked; the application moves to the new target. */
        record Done() implements Move {
        }

        /** Not now (too few CPUs free): the run keeps its size and may ask again. */
        record Refused(String why) implements Move {
        }

        /** Never for this run (its driver cannot be reached): re-planning stops for it. */
        record Unreachable(String why) implements Move {
        }
    }
}
