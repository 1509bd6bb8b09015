package io.punctual.workloads.tpcds;

import io.trino.tpcds.Options;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.TableGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Generates the raw TPC-DS tables of one scale with the maintained Java port of the specification's generator
 * dsdgen ({@code io.trino.tpcds:tpcds}): '|'-separated rows, one directory per table, plus each table's Spark SQL
 * schema from the generator's metadata ({@link TpcdsTables}). Tables of a million rows or more are cut into chunks
 * generated in parallel, as dsdgen's {@code -parallel} does; the chunks together are the same rows.
 *
 * <p>Idempotent: a directory whose marker names the same scale factor and generator version is kept; anything
 * else there is replaced. The marker is written last, so a generation that was cut short is redone.
 */
public final class TpcdsGenerator {

    /** dsdgen's threshold: smaller tables come whole from the first chunk. */
    private static final long PARALLEL_ROWS = 1_000_000;
    private static final Pattern ANY_CHUNK = Pattern.compile("(_\\d+_\\d+)?\\.dat");

    private final int threads;
    private final List<Table> tables;

    /** A generator of every table ({@link TpcdsTables#all()}) on {@code threads} threads. */
    public TpcdsGenerator(int threads) {
        this(threads, TpcdsTables.all());
    }

    /** A generator of some tables only: for tests, which need not wait for all. */
    TpcdsGenerator(int threads, List<Table> tables) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.tables = List.copyOf(tables);
    }

    /** The marker text of a complete generation at {@code scale}. */
    public static String marker(TpcdsScale scale) {
        return "TPC-DS scale factor " + scale.factor() + " (" + scale.name() + "), generator io.trino.tpcds:tpcds "
                + generatorVersion() + ", " + TpcdsTables.all().size() + " tables\n";
    }

    /** Generates every table of {@code scale} under {@code layout}, unless a complete generation is there. */
    public void generate(TpcdsScale scale, TpcdsLayout layout) {
        Path raw = layout.raw(scale);
        Path marker = raw.resolve(TpcdsLayout.MARKER);
        try {
            if (Files.isRegularFile(marker) && Files.readString(marker).equals(marker(scale))) {
                return;
            }
            deleteTree(raw);
            deleteTree(layout.schema(scale));
            Files.createDirectories(raw);
            writeSchemas(layout.schema(scale), tables);
            runAll(tasks(scale, raw));
            for (Table table : tables) {
                moveIntoTableDir(raw, table);
            }
            Files.writeString(marker, marker(scale));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate TPC-DS data under " + raw, e);
        }
    }

    /** Generates one table (and its child table: store_sales brings store_returns) into the flat {@code dir}. */
    static void generateTable(TpcdsScale scale, Table table, Path dir, int chunk, int chunks) {
        Options options = new Options();
        options.scale = scale.factor();
        options.directory = dir.toString();
        options.doNotTerminate = true;
        options.parallelism = chunks;
        options.overwrite = true;
        Session session = options.toSession().withChunkNumber(chunk);
        new TableGenerator(session).generateTable(table);
    }

    private List<Runnable> tasks(TpcdsScale scale, Path raw) {
        Session session = Session.getDefaultSession().withScale(scale.factor());
        List<Runnable> tasks = new ArrayList<>();
        tables.stream()
                .filter(table -> !table.isChild())
                .sorted(Comparator.comparingLong((Table t) -> -session.getScaling().getRowCount(t)))
                .forEach(table -> {
                    int chunks = session.getScaling().getRowCount(table) >= PARALLEL_ROWS ? threads : 1;
                    for (int chunk = 1; chunk <= chunks; chunk++) {
                        int c = chunk;
                        tasks.add(() -> generateTable(scale, table, raw, c, chunks));
                    }
                });
        return tasks;
    }

    private void runAll(List<Runnable> tasks) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> running = tasks.stream().<Future<?>>map(pool::submit).toList();
            for (Future<?> task : running) {
                task.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the TPC-DS generator failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while generating TPC-DS data", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void writeSchemas(Path dir, List<Table> tables) throws IOException {
        Files.createDirectories(dir);
        for (Table table : tables) {
            Files.writeString(dir.resolve(table.getName() + TpcdsLayout.DDL_SUFFIX), TpcdsTables.ddl(table) + "\n");
        }
    }

    private static void moveIntoTableDir(Path raw, Table table) throws IOException {
        Path dir = Files.createDirectories(raw.resolve(table.getName()));
        List<Path> files;
        try (Stream<Path> listing = Files.list(raw)) {
            files = listing.filter(f -> isChunkOf(f, table)).toList();
        }
        for (Path file : files) {
            Files.move(file, dir.resolve(file.getFileName()));
        }
    }

    private static boolean isChunkOf(Path file, Table table) {
        String name = file.getFileName().toString();
        return name.startsWith(table.getName())
                && ANY_CHUNK.matcher(name.substring(table.getName().length())).matches();
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String generatorVersion() {
        try (InputStream in = Table.class.getResourceAsStream("/META-INF/maven/io.trino.tpcds/tpcds/pom.properties")) {
            if (in == null) {
                return "(version unknown)";
            }
            Properties properties = new Properties();
            properties.load(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
            return properties.getProperty("version", "(version unknown)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
