package io.punctual.workloads.tpcds;

import io.punctual.workloads.suite.SparkApp;
import io.trino.tpcds.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The tests' shared TPC-DS data at scale {@code tiny} and their one local Spark session: prepared and loaded once
 * per test JVM, under target/ so that a second build reuses what the first generated.
 */
final class TinyTpcds {

    static final String SCALE = "tiny";
    static final Path DATA_ROOT = Path.of("target", "tpcds-test-data").toAbsolutePath();

    private static final Pattern CHUNK = Pattern.compile(".*_(\\d+)_\\d+\\.dat");

    private static TpcdsSuite suite;
    private static SparkApp load;
    private static boolean loaded;

    private TinyTpcds() {
    }

    static synchronized TpcdsSuite suite() {
        if (suite == null) {
            suite = new TpcdsSuite();
        }
        return suite;
    }

    /** Generates the raw data (once) and returns the load application prepare gave. */
    static synchronized SparkApp prepared() {
        if (load == null) {
            load = suite().prepare(List.of("q3"), DATA_ROOT, SCALE, 1).get(0);
        }
        return load;
    }

    static TpcdsLayout layout() {
        return TpcdsLayout.under(DATA_ROOT);
    }

    /** The scale directory's URI, with the Parquet tables written (once). */
    static synchronized String loadedScaleDir() {
        String scaleDir = prepared().args().get(0);
        if (!loaded) {
            TpcdsLoad.run(spark(), scaleDir);
            loaded = true;
        }
        return scaleDir;
    }

    /** One local session for every test of the module; never stopped by a test. */
    static SparkSession spark() {
        return SparkSession.builder()
                .master("local[2]")
                .appName("workloads-tests")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.warehouse.dir", Path.of("target", "spark-warehouse").toAbsolutePath().toString())
                .getOrCreate();
    }

    /** A raw table's rows, fields split, in generation order (chunk by chunk). */
    static List<String[]> rawRows(Path rawDir, Table table) {
        List<String[]> rows = new ArrayList<>();
        for (Path file : chunks(rawDir.resolve(table.getName()))) {
            try (Stream<String> lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                lines.forEach(line -> rows.add(line.split("\\|", -1)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return rows;
    }

    /** A raw table's files in chunk order. */
    static List<Path> chunks(Path tableDir) {
        try (Stream<Path> files = Files.list(tableDir)) {
            return files.sorted(Comparator.comparingInt(TinyTpcds::chunkNumber)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int chunkNumber(Path file) {
        Matcher m = CHUNK.matcher(file.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : 1;
    }
}
