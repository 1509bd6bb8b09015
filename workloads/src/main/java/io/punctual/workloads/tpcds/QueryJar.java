package io.punctual.workloads.tpcds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The TPC-DS v1.4 queries as Spark publishes them in its SQL test-jar
 * ({@code org.apache.spark:spark-sql_2.13:<spark>:tests}): {@code tpcds/<query>.sql}, the texts Spark's
 * {@code TPCDSQueryTestSuite} runs. They are read from the jar at run time, never copied into this repository.
 *
 * <p>The build writes the jar's path to {@code workloads/target/spark-sql-tests.path} ({@link #locate()}).
 *
 * @param jar the test-jar
 */
public record QueryJar(Path jar) {

    /** The file the workloads build writes, next to the workloads jar and classes. */
    public static final String PATH_FILE = "spark-sql-tests.path";

    private static final Pattern QUERY = Pattern.compile("tpcds/(q(\\d+)([a-z]?))\\.sql");

    /**
     * Finds the test-jar through the path file in the workloads build directory: the one holding these classes
     * (target/classes or target/punctual-workloads.jar), else {@code <punctual.install>/workloads/target}.
     *
     * @throws IllegalStateException when neither has the file, saying how to make it
     */
    public static QueryJar locate() {
        List<Path> candidates = new ArrayList<>();
        codeTarget().ifPresent(target -> candidates.add(target.resolve(PATH_FILE)));
        Optional.ofNullable(System.getProperty("punctual.install"))
                .ifPresent(root -> candidates.add(Path.of(root, "workloads", "target", PATH_FILE)));
        for (Path file : candidates) {
            if (Files.isRegularFile(file)) {
                try {
                    return new QueryJar(Path.of(Files.readString(file).trim()));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
            }
        }
        throw new IllegalStateException("cannot find Spark's SQL test-jar (the TPC-DS queries): none of "
                + candidates + " exists; build the workloads module ('mvn -DskipTests package'), which writes it");
    }

    /** Every TPC-DS v1.4 query in the jar, in query order (q1, q2, ..., q14a, q14b, ..., q99). */
    public List<String> queries() {
        List<Matcher> found = new ArrayList<>();
        try (ZipFile zip = open()) {
            Collections.list(zip.entries()).forEach(entry -> {
                Matcher m = QUERY.matcher(entry.getName());
                if (m.matches()) {
                    found.add(m);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
        return found.stream()
                .sorted(Comparator.comparingInt((Matcher m) -> Integer.parseInt(m.group(2)))
                        .thenComparing(m -> m.group(3)))
                .map(m -> m.group(1))
                .toList();
    }

    /** The text of {@code query}. */
    public String query(String query) {
        return entry("tpcds/" + query + ".sql").orElseThrow(() ->
                new IllegalArgumentException("Spark's test-jar " + jar + " has no TPC-DS query " + query));
    }

    private Optional<String> entry(String name) {
        try (ZipFile zip = open()) {
            ZipEntry entry = zip.getEntry(name);
            if (entry == null) {
                return Optional.empty();
            }
            try (InputStream in = zip.getInputStream(entry)) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from " + jar, e);
        }
    }

    private ZipFile open() throws IOException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("Spark's SQL test-jar is missing at " + jar
                    + "; rebuild the workloads module so Maven downloads it");
        }
        return new ZipFile(jar.toFile());
    }

    private static Optional<Path> codeTarget() {
        CodeSource source = QueryJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Path.of(source.getLocation().toURI()).getParent());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty(); // not a file: the fallback applies
        }
    }
}
