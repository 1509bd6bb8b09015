package io.punctual.submit.learn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A file of the newest lines something learned, at most {@code kept}: appended under a file lock (two gateways may
 * share a home) and replaced atomically, so a reader never sees half a line.
 */
final class RecentLines {

    private final Path file;
    private final Path lock;
    private final int kept;

    RecentLines(Path file, int kept) {
        this.file = file;
        this.lock = file.resolveSibling(file.getFileName().toString().replaceFirst("\\.txt$", "") + ".lock");
        this.kept = kept;
    }

    /**
     * What identifies the file's current content without reading it: every append replaces the file, so its key,
     * time and size change together. Empty when there is no file.
     */
    Optional<Object> version() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return Optional.of(List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime(),
                    attributes.size()));
        } catch (NoSuchFileException none) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    List<String> read() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file).stream().map(String::trim).filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    void append(String line) {
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            List<String> values = new ArrayList<>(read());
            values.add(line);
            List<String> newest = values.subList(Math.max(0, values.size() - kept), values.size());
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(partial, newest);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record a line in " + file, e);
        }
    }

    @Override
    public String toString() {
        return read().toString();
    }
}
