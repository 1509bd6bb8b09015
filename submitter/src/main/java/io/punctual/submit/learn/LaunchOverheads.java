package io.punctual.submit.learn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The launch overheads Punctual has observed (submission to the application's start: YARN scheduling, the
 * ApplicationMaster, the driver JVM), which no event log records. Sizing subtracts a high percentile of them from the
 * time to the deadline.
 */
final class LaunchOverheads {

    static final Duration BEFORE_ANY = Duration.ofSeconds(30);
    private static final int KEPT = 50;
    private static final double PERCENTILE = 0.9;

    private final Path file;
    private final Path lock;

    LaunchOverheads(Path dir) {
        this.file = dir.resolve("launch-overheads.txt");
        this.lock = dir.resolve("launch-overheads.lock");
    }

    /** The 90th percentile of the overheads seen, or 30 s before any was seen. */
    Duration estimate() {
        long[] seen = read().stream().mapToLong(Long::longValue).sorted().toArray();
        if (seen.length == 0) {
            return BEFORE_ANY;
        }
        int rank = (int) Math.ceil(PERCENTILE * seen.length) - 1;
        return Duration.ofMillis(seen[Math.max(0, Math.min(seen.length - 1, rank))]);
    }

    void record(Duration overhead) {
        if (overhead.isNegative()) {
            return;
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            List<Long> values = new ArrayList<>(read());
            values.add(overhead.toMillis());
            List<Long> kept = values.subList(Math.max(0, values.size() - KEPT), values.size());
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(partial, kept.stream().map(String::valueOf).toList());
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record a launch overhead in " + file, e);
        }
    }

    private List<Long> read() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file).stream().map(String::trim).filter(l -> l.matches("\\d+"))
                    .map(Long::valueOf).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    @Override
    public String toString() {
        return Arrays.toString(read().toArray());
    }
}
