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
 * <p>Answers can be compared with Spark's expected answers at scale factor 1: {@link #verifyingApp} makes the
 * application itself fail on a different answer, {@link #verify} compares an answer an application already wrote.
 * Spark computed those answers on data from the C dsdgen run with {@code -RNGSEED 100} (its {@code GenTPCDSData});
 * this generator always uses dsdgen's default seed, so its fact tables hold other rows and the answers of queries
 * over them differ (measured at sf1: q3, q7, q12, q19, q20, q30, q42, q43, q52, q55, q96, q98 all differ, e.g. q96
 * counts 870 where Spark expects 888). The comparison itself is the one Spark's {@code TPCDSQueryTestSuite} makes
 * ({@link QueryAnswer}), so it holds for tables generated as Spark generates them.
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
     * Generates the raw tables (in this JVM, on every core), writes their schemas, stages every query text (and at
     * scale factor 1 Spark's expected answers) under {@code dataRoot/tpcds}, and returns the load into Parquet.
     */
    @Override
    public List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed) {
        check(jobs, scale);
        TpcdsScale tpcds = TpcdsScale.parse(scale);
        TpcdsLayout layout = TpcdsLayout.under(dataRoot);
        new TpcdsGenerator(Runtime.getRuntime().availableProcessors()).generate(tpcds, layout);
        for (String query : queries()) {
            stage(layout.query(query), jar.query(query));
            if (tpcds.hasExpectedAnswers()) {
                jar.expectedAnswer(query).ifPresent(answer -> stage(layout.answer(query), answer));
            }
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

    /**
     * {@link #app} that also fails when its answer is not Spark's expected answer.
     *
     * @throws IllegalArgumentException at a scale other than scale factor 1, where no expected answers exist, or
     *                                  for a query without one
     */
    public SparkApp verifyingApp(String job, Path dataRoot, String scale, Path output) {
        SparkApp app = app(job, dataRoot, scale, output);
        expectedAnswer(job, scale);
        List<String> args = new ArrayList<>(app.args());
        args.add("--verify");
        args.add(uri(TpcdsLayout.under(dataRoot).answer(job)));
        return new SparkApp(app.name(), app.mainClass(), args);
    }

    /**
     * Compares the answer {@link #app} wrote under {@code output} with Spark's expected answer.
     *
     * @throws IllegalArgumentException at a scale other than scale factor 1, where no expected answers exist, or
     *                                  for a query without one
     */
    public AnswerCheck verify(String job, String scale, Path output) {
        check(List.of(job), scale);
        QueryAnswer expected = QueryAnswer.parse(expectedAnswer(job, scale));
        Path written = output.resolve(TpcdsQuery.ANSWER_FILE);
        try {
            return QueryAnswer.parse(Files.readString(written)).check(expected);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the answer of " + job + " at " + written, e);
        }
    }

    private String expectedAnswer(String job, String scale) {
        if (!TpcdsScale.parse(scale).hasExpectedAnswers()) {
            throw new IllegalArgumentException("Spark's expected TPC-DS answers are for scale factor 1 only; "
                    + "verify " + job + " at scale sf1, not " + scale);
        }
        return jar.expectedAnswer(job).orElseThrow(() -> new IllegalArgumentException(
                "Spark publishes no expected answer for " + job + "; it cannot be verified"));
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
