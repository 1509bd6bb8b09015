package io.punctual.workloads.tpcds;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The small text files a TPC-DS application reads and writes on its driver (schemas, query text, markers,
 * answers), through Hadoop's file systems so that {@code file:} and {@code hdfs:} locations both work.
 */
final class DriverFiles {

    private final Configuration conf;

    DriverFiles(SparkSession spark) {
        this.conf = spark.sparkContext().hadoopConfiguration();
    }

    Optional<String> readIfPresent(String location) {
        Path path = new Path(URI.create(location));
        try {
            FileSystem fs = path.getFileSystem(conf);
            if (!fs.exists(path)) {
                return Optional.empty();
            }
            try (InputStream in = fs.open(path)) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + location, e);
        }
    }

    String read(String location) {
        return readIfPresent(location).orElseThrow(() -> new IllegalStateException(location + " does not exist"));
    }

    void write(String location, String text) {
        Path path = new Path(URI.create(location));
        try (OutputStream out = path.getFileSystem(conf).create(path, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + location, e);
        }
    }

    void delete(String location) {
        Path path = new Path(URI.create(location));
        try {
            path.getFileSystem(conf).delete(path, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + location, e);
        }
    }

    /** The names of the files directly in {@code directory}, sorted. */
    List<String> list(String directory) {
        Path path = new Path(URI.create(directory));
        try {
            FileStatus[] statuses = path.getFileSystem(conf).listStatus(path);
            return Arrays.stream(statuses).map(s -> s.getPath().getName()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    /** {@code directory} and {@code name} joined into one location. */
    static String child(String directory, String name) {
        return directory.endsWith("/") ? directory + name : directory + "/" + name;
    }
}
