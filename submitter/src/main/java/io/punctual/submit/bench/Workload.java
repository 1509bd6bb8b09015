package io.punctual.submit.bench;

import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The suite's jobs as the bench submits them: their names in the rows, the job keys Punctual learns them under
 * (one per job and scale, shared by every suite that runs the job), and one Livy body per run, each writing its
 * output to a directory of its own that is removed once the run is measured.
 */
public final class Workload {

    private final BenchSuite suite;
    private final Path dataRoot;
    private final String scale;
    private final String jar;
    private final Path outputRoot;
    private final boolean verify;

    /**
     * @param dataRoot   where the suite's inputs are prepared
     * @param jar        the workloads jar as the gateway is to read it
     * @param outputRoot under which each run writes its output
     * @param verify     each run checks its answer against the second engine's, where the suite can
     */
    public Workload(BenchSuite suite, Path dataRoot, String scale, String jar, Path outputRoot, boolean verify) {
        this.suite = suite;
        this.dataRoot = dataRoot;
        this.scale = scale;
        this.jar = jar;
        this.outputRoot = outputRoot;
        this.verify = verify;
    }

    public BenchSuite suite() {
        return suite;
    }

    public String scale() {
        return scale;
    }

    public String jar() {
        return jar;
    }

    public Path dataRoot() {
        return dataRoot;
    }

    /** The job as rows name it ({@code puma/wordcount}). */
    public String name(String job) {
        return Suites.qualified(suite, job);
    }

    /** The job key every run of the job at this scale is learned under. */
    public String jobKey(String job) {
        return "bench." + name(job).replace('/', '.') + "." + scale;
    }

    /**
     * The body of one run of {@code job}.
     *
     * @param run       names the run's output directory and, with the job, its batch
     * @param keySuffix appended to the job key, so that runs a policy makes without Punctual learn nothing into
     *                  the job's history ({@code ""} for runs that do)
     */
    public BatchBody body(String job, String run, String keySuffix, Optional<Integer> executors, int cores,
                          Map<String, String> conf) {
        Path output = outputRoot.resolve(run).resolve(job.replace('/', '-'));
        SparkApp app = verify ? suite.verifyingApp(job, dataRoot, scale, output)
                : suite.app(job, dataRoot, scale, output);
        return BatchBody.of(jar, app, "bench-" + run + "-" + name(job).replace('/', '-'), jobKey(job) + keySuffix,
                executors, cores, Optional.empty(), conf);
    }

    /** Removes a run's output (it is not measured; only its cost is). */
    public void clean(String run) {
        Path dir = outputRoot.resolve(run);
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // Left behind, it only takes disk space under the bench home.
        }
    }
}
