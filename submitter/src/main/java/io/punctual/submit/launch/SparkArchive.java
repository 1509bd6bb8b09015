package io.punctual.submit.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The thin runtime's jars as the one archive {@code spark.yarn.archive} expects: every jar at the archive's root
 * (YARN unpacks it into the container and Spark puts {@code <archive>/*} on the class path). Jars are already
 * compressed, so they are stored without compressing them again.
 */
final class SparkArchive {

    private static final Pattern SPARK_CORE = Pattern.compile("spark-core_[0-9.]+-([0-9][^/]*)\\.jar");
    /** Beside {@code jars/}: the listing the hash was computed for, and the name it gave. */
    private static final String CACHE = ".punctual-archive-name";

    private SparkArchive() {
    }

    /**
     * {@code <Spark version>-<first 16 hex digits of SHA-256 over the jars' names and bytes>.zip}. Hashing ~280 MB
     * takes a second or two, so the result is kept beside the jars for as long as their names, sizes and times stay.
     */
    static String name(Path jarsDir) {
        try {
            List<Path> jars = jars(jarsDir);
            String listing = listing(jars);
            Path cache = jarsDir.resolveSibling(CACHE);
            if (Files.isRegularFile(cache)) {
                List<String> cached = Files.readAllLines(cache);
                if (cached.size() == 2 && cached.get(0).equals(listing)) {
                    return cached.get(1);
                }
            }
            String name = version(jars) + "-" + hash(jars) + ".zip";
            Path partial = cache.resolveSibling(CACHE + ".tmp");
            Files.writeString(partial, listing + "\n" + name + "\n");
            Files.move(partial, cache, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return name;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Spark runtime's jars in " + jarsDir + ": "
                    + e.getMessage(), e);
        }
    }

    /** Writes the archive of every jar in {@code jarsDir}, by name, at its root. */
    static void write(Path jarsDir, OutputStream out) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        zip.setLevel(Deflater.NO_COMPRESSION);
        for (Path jar : jars(jarsDir)) {
            zip.putNextEntry(new ZipEntry(jar.getFileName().toString()));
            Files.copy(jar, zip);
            zip.closeEntry();
        }
        zip.finish();
    }

    /** The Spark version, from the name of the spark-core jar Maven resolved ({@code spark-core_2.13-3.5.6.jar}). */
    static String version(List<Path> jars) {
        for (Path jar : jars) {
            Matcher m = SPARK_CORE.matcher(jar.getFileName().toString());
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("no spark-core jar among the Spark runtime's jars ("
                + (jars.isEmpty() ? "none" : jars.get(0).getParent()) + "); delete $PUNCTUAL_HOME/spark so that"
                + " Punctual lays it out again");
    }

    static List<Path> jars(Path jarsDir) throws IOException {
        try (Stream<Path> files = Files.list(jarsDir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
    }

    private static String listing(List<Path> jars) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Path jar : jars) {
            text.append(jar.getFileName()).append(':').append(Files.size(jar)).append(':')
                    .append(Files.getLastModifiedTime(jar).toMillis()).append(' ');
        }
        return text.toString().trim();
    }

    private static String hash(List<Path> jars) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        for (Path jar : jars) {
            sha.update(jar.getFileName().toString().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            try (InputStream in = Files.newInputStream(jar)) {
                for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                    sha.update(buffer, 0, n);
                }
            }
        }
        return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    }
}
