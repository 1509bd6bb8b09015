package io.punctual.workloads.suite;

import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark suite (PUMA, TPC-DS) as the weekly benchmark drives it: which jobs it has, how its input is made at a
 * named scale, and the Spark application that runs one job. Implementations are plain Java (no Spark types), so the
 * command that drives a run can use them without Spark on its classpath; the applications they name run on the
 * cluster.
 */
public interface BenchSuite {

    /** The suite's name on the command line ({@code puma}, {@code tpcds}). */
    String name();

    /** Every job of the suite, in the suite's own order. */
    List<String> jobs();

    /** The scales this suite accepts, smallest first ({@code tiny} first). */
    List<String> scales();

    /**
     * Checks names and scale before anything runs.
     *
     * @throws IllegalArgumentException naming what is unknown and listing what is known
     */
    void check(List<String> jobs, String scale);

    /**
     * Makes the input of {@code jobs} at {@code scale} under {@code dataRoot}, deterministically from {@code seed};
     * what is already there with the same scale and seed is kept. Work that needs Spark (writing Parquet, say) is
     * returned as applications to run once, in order, before any job; they too skip what is already done.
     */
    List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed);

    /** The application that runs {@code job} on the input {@link #prepare} made, writing under {@code output}. */
    SparkApp app(String job, Path dataRoot, String scale, Path output);

    /**
     * Those of {@code jobs} whose answers this suite can check with a second engine ({@code --verify}); none by
     * default.
     */
    default List<String> checkable(List<String> jobs) {
        return List.of();
    }

    /**
     * For {@code --verify}: once {@link #prepare}'s applications have run, computes the second engine's answer to each
     * of {@code jobs} (all {@link #checkable}), once per scale.
     */
    default void prepareAnswers(List<String> jobs, Path dataRoot, String scale) {
        if (!jobs.isEmpty()) {
            throw new IllegalArgumentException(name() + " cannot check the answers of " + String.join(", ", jobs));
        }
    }

    /**
     * {@link #app} that also fails when its answer is not the second engine's ({@link #prepareAnswers}); for a job
     * whose answer this suite cannot check, {@link #app} itself.
     */
    default SparkApp verifyingApp(String job, Path dataRoot, String scale, Path output) {
        return app(job, dataRoot, scale, output);
    }
}
