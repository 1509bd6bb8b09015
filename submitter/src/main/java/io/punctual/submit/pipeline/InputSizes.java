package io.punctual.submit.pipeline;

import java.util.List;

/**
 * Measures a job's input on the cluster's file system, for sizing a job that has no history from the splits Spark
 * will make of it. The gateway and the CLI measure the cluster's file system; the simulator answers from its trace.
 */
@FunctionalInterface
public interface InputSizes {

    /** Nothing can be measured (no file system to ask): a job's width then comes from its other hints. */
    InputSizes NONE = paths -> new Measured(0, 0, paths.isEmpty() ? List.of()
            : List.of("input sizes are not read here"));

    /**
     * @param paths URIs or paths of the cluster's file system, as the job names them
     * @return their total size, over the paths that could be read, and why each other one could not
     */
    Measured measure(List<String> paths);

    /**
     * @param bytes  the bytes under the paths read (a directory counts everything under it)
     * @param read   how many paths were read
     * @param unread for each path that could not be read, the path and why
     */
    record Measured(long bytes, int read, List<String> unread) {

        public Measured {
            unread = List.copyOf(unread);
        }
    }
}
