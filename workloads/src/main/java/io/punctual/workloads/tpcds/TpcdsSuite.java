package io.punctual.workloads.tpcds;

import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * TPC-DS (TPC Benchmark DS, specification v1.4 as Spark runs it) as a benchmark suite: each job is one query of
 * Spark's TPC-DS query set run as its own Spark SQL application ({@link TpcdsQuery}) over Parquet tables that
 * {@link #prepare} generates ({@link TpcdsGenerator}) and loads ({@link TpcdsLoad}).
 *
 * <p>{@link #jobs()} is the weekly benchmark's default set ({@link #DEFAULT_QUERIES}); {@link #check} accepts
 * every query of the test-jar ({@link #queries()}). Scales are {@link TpcdsScale} names. The seed is ignored:
 * TPC-DS data is defined by its scale factor (the generator has no seed), so one copy per scale serves every seed.
 *
 * <p>Answers are checked against a second engine at any scale: {@link #prepareAnswers} has DuckDB answer each query
 * over the same Parquet files ({@link DuckDbAnswers}) and {@link #verifyingApp} makes the Spark application fail when
 * its answer differs by value ({@link QueryAnswer#check}). Spark's own expected answers (in its test-jar) cannot
 * serve: Spark computed them on data from the C dsdgen run with {@code -RNGSEED 100} (its {@code GenTPCDSData}),
 * while this generator always uses dsdgen's default seed, so its fact tables hold other rows (measured at sf1: q3,
 * q7, q12, q19, q20, q30, q42, q43, q52, q55, q96, q98 all differ, e.g. q96 counts 870 where Spark expects 888).
 */
public final class TpcdsSuite implements BenchSuite {

    /**
     * The weekly benchmark's queries. Each answers in 0.6 to 1.4 s at {@code tiny} in Spark local mode
     * ({@code local[2]}, the tables registered, the session warm), measured with every query of the set, and each
     * returns rows there (many queries' filters select nothing at {@code tiny}). Between them they read the three
     * sales tables and inventory and cover star joins (q3, q7, q19, q26, q42, q55), joins with customers (q15),
     * rollups (q22, q36) and window functions (q12, q20, q98), so their stage counts and shapes differ.
     */
    public static final List<String> DEFAULT_QUERIES =
            List.of("q3", "q7", "q12", "q15", "q19", "q20", "q22", "q26", "q36", "q42", "q55", "q98");

    private final QueryJar jar;

    /** The suite over the test-jar the workloads build names ({@link QueryJar#locate()}). */
    public TpcdsSuite() {
        this(QueryJar.locate());
    }

    public TpcdsSuite(QueryJar jar) {
        this.jar = jar;
    }

    @Override
    public String name() {
        return "tpcds";
    }

    @Override
    public List<String> jobs() {
        return DEFAULT_QUERIES;
    }

    /** Every query this suite can run: all TPC-DS v1.4 queries of Spark's test-jar. */
    public List<String> queries() {
        return jar.queries();
    }

    @Override
    public List<String> scales() {
        return TpcdsScale.STANDARD;
    }

    @Override
    public void check(List<String> jobs, String scale) {
        TpcdsScale.parse(scale);
        List<String> known = queries();
        List<String> unknown = jobs.stream().filter(job -> !known.contains(job)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown TPC-DS " + (unknown.size() == 1 ? "query " : "queries ")
                    + String.join(", ", unknown) + "; known queries: " + String.join(", ", known));
        }
    }

    /**
     * Generates the raw tables (in this JVM, on every core), writes their schemas, stages every query text under
     * {@code dataRoot/tpcds}, and returns the load into Parquet.
     */
    @Override
    public List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed) {
        check(jobs, scale);
        TpcdsScale tpcds = TpcdsScale.parse(scale);
        TpcdsLayout layout = TpcdsLayout.under(dataRoot);
        new TpcdsGenerator(Runtime.getRuntime().availableProcessors()).generate(tpcds, layout);
        for (String query : queries()) {
            stage(layout.query(query), jar.query(query));
        }
        return List.of(new SparkApp("tpcds/load", TpcdsLoad.class.getName(), List.of(uri(layout.scaleDir(tpcds)))));
    }

    @Override
    public SparkApp app(String job, Path dataRoot, String scale, Path output) {
        check(List.of(job), scale);
        TpcdsLayout layout = TpcdsLayout.under(dataRoot);
        return new SparkApp("tpcds/" + job, TpcdsQuery.class.getName(), List.of(
                uri(layout.scaleDir(TpcdsScale.parse(scale))), job, uri(output), uri(layout.query(job))));
    }

    /** Every query: DuckDB answers them all. */
    @Override
    public List<String> checkable(List<String> jobs) {
        return List.copyOf(jobs);
    }

    /**
     * Has DuckDB answer each of {@code jobs} over the Parquet tables the load wrote, once per scale and query, and
     * stages each answer under {@code dataRoot/tpcds/<scale>/answers}.
     *
     * @throws IllegalStateException when the load has not completed, or DuckDB cannot run a query
     */
    @Override
    public void prepareAnswers(List<String> jobs, Path dataRoot, String scale) {
        check(jobs, scale);
        TpcdsScale tpcds = TpcdsScale.parse(scale);
        TpcdsLayout layout = TpcdsLayout.under(dataRoot);
        List<String> missing = jobs.stream().filter(job -> !Files.isRegularFile(layout.answer(tpcds, job))).toList();
        if (!missing.isEmpty()) {
            try (DuckDbAnswers duckDb = DuckDbAnswers.over(layout.parquet(tpcds))) {
                missing.forEach(job -> stage(layout.answer(tpcds, job), duckDb.answer(job, jar.query(job)).render()));
            }
        }
    }

    /**
     * {@link #app} that also fails when its answer is not the one DuckDB gave ({@link #prepareAnswers}).
     *
     * @throws IllegalStateException when that answer has not been prepared
     */
    @Override
    public SparkApp verifyingApp(String job, Path dataRoot, String scale, Path output) {
        SparkApp app = app(job, dataRoot, scale, output);
        Path answer = TpcdsLayout.under(dataRoot).answer(TpcdsScale.parse(scale), job);
        if (!Files.isRegularFile(answer)) {
            throw new IllegalStateException("no expected answer to " + job + " at " + answer
                    + "; prepare the answers (prepareAnswers) before verifying");
        }
        List<String> args = new ArrayList<>(app.args());
        args.add("--verify");
        args.add(uri(answer));
        return new SparkApp(app.name(), app.mainClass(), args);
    }

    private static void stage(Path file, String text) {
        try {
            if (Files.isRegularFile(file) && Files.readString(file).equals(text)) {
                return;
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage " + file, e);
        }
    }

    private static String uri(Path path) {
        return path.toAbsolutePath().toUri().toString();
    }
}
