package io.punctual.workloads.puma;

import io.punctual.workloads.puma.input.InputFiles;
import io.punctual.workloads.puma.input.InputKind;
import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

/**
 * The PUMA benchmark suite (Ahmad et al., "PUMA: Purdue MapReduce Benchmarks Suite", 2012) as the weekly benchmark
 * runs it: thirteen Spark applications of this package over five kinds of generated input.
 *
 * <p>An input lives in {@code <data root>/puma/<kind>/<scale>-<seed>/} (see {@link InputFiles}); the jobs of one kind
 * share it. {@link #prepare} writes what is missing in this process (nothing needs Spark, so it returns no
 * applications) and records, in {@code <data root>/puma/<kind>/<scale>.prepared}, which seed it prepared; {@link #app}
 * runs a job on the input the last {@code prepare} at that scale made, since it is not given the seed.
 */
public final class PumaSuite implements BenchSuite {

    /** A job: its name, its application's class in this package, and the input it reads. */
    private record Job(String name, String mainClass, InputKind input) {

        /** Names the class by its simple name: the suite must not load Spark applications, only name them. */
        static Job of(String name, String simpleName, InputKind input) {
            return new Job(name, PumaSuite.class.getPackageName() + "." + simpleName, input);
        }
    }

    private static final List<Job> JOBS = List.of(
            Job.of("wordcount", "WordCount", InputKind.DOCUMENTS),
            Job.of("grep", "Grep", InputKind.DOCUMENTS),
            Job.of("invertedindex", "InvertedIndex", InputKind.DOCUMENTS),
            Job.of("rankedinvertedindex", "RankedInvertedIndex", InputKind.DOCUMENTS),
            Job.of("termvector", "TermVector", InputKind.DOCUMENTS),
            Job.of("sequencecount", "SequenceCount", InputKind.DOCUMENTS),
            Job.of("selfjoin", "SelfJoin", InputKind.ITEMSETS),
            Job.of("adjacencylist", "AdjacencyList", InputKind.EDGES),
            Job.of("histogrammovies", "HistogramMovies", InputKind.RATINGS),
            Job.of("histogramratings", "HistogramRatings", InputKind.RATINGS),
            Job.of("classification", "Classification", InputKind.RATINGS),
            Job.of("kmeans", "KMeans", InputKind.RATINGS),
            Job.of("terasort", "TeraSort", InputKind.TERA_RECORDS)
    );

    @Override
    public String name() {
        return "puma";
    }

    @Override
    public List<String> jobs() {
        return JOBS.stream().map(Job::name).toList();
    }

    @Override
    public List<String> scales() {
        return PumaScale.labels();
    }

    @Override
    public void check(List<String> jobs, String scale) {
        List<String> unknown = jobs.stream().filter(job -> find(job).isEmpty()).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown PUMA job" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + "; known jobs: " + String.join(", ", jobs()));
        }
        PumaScale.of(scale);
    }

    @Override
    public List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed) {
        check(jobs, scale);
        PumaScale size = PumaScale.of(scale);
        jobs.stream().map(job -> find(job).orElseThrow().input()).distinct().forEach(kind -> {
            InputFiles.write(inputDir(dataRoot, kind, scale, seed), kind, scale, size.bytes(), seed);
            recordPrepared(dataRoot, kind, scale, seed);
        });
        return List.of();
    }

    @Override
    public SparkApp app(String job, Path dataRoot, String scale, Path output) {
        check(List.of(job), scale);
        Job known = find(job).orElseThrow();
        Path input = inputDir(dataRoot, known.input(), scale, preparedSeed(dataRoot, known.input(), scale));
        return new SparkApp("puma/" + job, known.mainClass(), List.of(input.toUri().toString(),
                output.toUri().toString(), Integer.toString(PumaScale.of(scale).partitions())));
    }

    /** Where the {@code kind} input at {@code scale} from {@code seed} lives. */
    public static Path inputDir(Path dataRoot, InputKind kind, String scale, long seed) {
        return dataRoot.resolve("puma").resolve(kind.dirName()).resolve(scale + "-" + seed);
    }

    private static Optional<Job> find(String name) {
        return JOBS.stream().filter(job -> job.name().equals(name)).findFirst();
    }

    private static Path preparedFile(Path dataRoot, InputKind kind, String scale) {
        return dataRoot.resolve("puma").resolve(kind.dirName()).resolve(scale + ".prepared");
    }

    private static void recordPrepared(Path dataRoot, InputKind kind, String scale, long seed) {
        Path file = preparedFile(dataRoot, kind, scale);
        Path pending = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.writeString(pending, Long.toString(seed));
            Files.move(pending, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not record the prepared " + kind.dirName() + " input in " + file, e);
        }
    }

    private static long preparedSeed(Path dataRoot, InputKind kind, String scale) {
        Path file = preparedFile(dataRoot, kind, scale);
        try {
            return Long.parseLong(Files.readString(file).trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("no " + kind.dirName() + " input at scale " + scale + " under "
                    + file.getParent() + ": prepare the suite's input at this scale first", e);
        }
    }
}
