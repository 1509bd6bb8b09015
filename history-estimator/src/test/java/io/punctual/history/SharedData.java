package io.punctual.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The read-only shared data (../shared/data), found through the punctual.shared.dir property the build sets. */
public final class SharedData {

    private SharedData() {
    }

    public static Path dir() {
        String shared = System.getProperty("punctual.shared.dir");
        if (shared == null) {
            throw new IllegalStateException("run through Maven, or set -Dpunctual.shared.dir=<path to ../shared>");
        }
        return Path.of(shared, "data");
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
}
