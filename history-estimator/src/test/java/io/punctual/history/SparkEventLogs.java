package io.punctual.history;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Apache Spark's own event logs, the ones its HistoryServerSuite reads: {@code spark-events/} (18 logs, Spark 1.2 to
 * 3.2, on local, standalone and YARN) and {@code spark-events-broken/} (two attempts of one application, the last or
 * the previous one without its end). They come from the test-scoped dependency
 * {@code org.apache.spark:spark-core_2.13:tests} as classpath resources, so the tests need nothing beside the
 * repository. Where a test needs real files, the two directories are copied once per test JVM, with the jar's
 * layout, into a temporary directory that is deleted when the JVM exits.
 */
public final class SparkEventLogs {

    private static final List<String> DIRECTORIES = List.of("spark-events", "spark-events-broken");
    private static final String MISSING = " is not on the test classpath: it comes from "
            + "org.apache.spark:spark-core_2.13:<spark.version>:tests (a test dependency of history-estimator)";
    private static Path root;

    private SparkEventLogs() {
    }

    /** The copy's root, holding {@code spark-events/} and {@code spark-events-broken/}. */
    public static synchronized Path dir() {
        if (root == null) {
            root = copyOut();
        }
        return root;
    }

    public static Path sparkEvents() {
        return dir().resolve("spark-events");
    }

    public static Path brokenSparkEvents() {
        return dir().resolve("spark-events-broken");
    }

    /** Every file in both event-log directories, in a stable order. */
    public static List<Path> allEventLogs() {
        try (Stream<Path> good = Files.walk(sparkEvents()); Stream<Path> broken = Files.walk(brokenSparkEvents())) {
            return Stream.concat(good, broken).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One log's bytes straight from the classpath, e.g. {@code bytes("spark-events/app-20200706201101-0003")}. */
    public static byte[] bytes(String relative) {
        try (InputStream in = SparkEventLogs.class.getClassLoader().getResourceAsStream(relative)) {
            if (in == null) {
                throw new IllegalStateException(relative + MISSING);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path copyOut() {
        try {
            Path target = Files.createTempDirectory("punctual-spark-events-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(target)));
            for (String directory : DIRECTORIES) {
                URL url = SparkEventLogs.class.getClassLoader().getResource(directory + "/");
                if (url == null) {
                    throw new IllegalStateException(directory + "/" + MISSING);
                }
                if (url.getProtocol().equals("jar")) {
                    Path jar = Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
                    try (FileSystem zip = FileSystems.newFileSystem(jar)) {
                        copyTree(zip.getPath("/" + directory), target.resolve(directory));
                    }
                } else {
                    copyTree(Path.of(url.toURI()), target.resolve(directory));
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                // the zip file system's paths are not the default one's: resolve by name, not by Path
                Path copy = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(source, copy, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a temporary directory: what is left is the system's to clean
        }
    }
}
