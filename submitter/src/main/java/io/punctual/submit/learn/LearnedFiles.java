package io.punctual.submit.learn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * {@link LearnedTexts} as files in one directory, one per name: written whole to a temporary file, forced to disk and
 * renamed over the old one, under a file lock of its own ({@code <name without extension>.lock}), so Punctual
 * processes sharing the directory never lose an update and a crash never leaves half a text. A file lock is held by
 * the whole JVM, so threads of one process take the lock's in-process twin first (another thread asking for the file
 * lock would be refused, not made to wait).
 */
public final class LearnedFiles implements LearnedTexts {

    private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path dir;

    public LearnedFiles(Path dir) {
        this.dir = dir;
    }

    @Override
    public Optional<String> read(String name) {
        try {
            return Optional.of(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
        } catch (NoSuchFileException none) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(name), e);
        }
    }

    @Override
    public Optional<String> update(String name, UnaryOperator<Optional<String>> change) {
        Path file = dir.resolve(name);
        Path lock = dir.resolve(name.replaceFirst("\\.[a-z]+$", "") + ".lock");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(lock.toAbsolutePath().normalize(),
                path -> new ReentrantLock());
        inProcess.lock();
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            Optional<String> current = read(name);
            Optional<String> next = change.apply(current);
            if (next.equals(current)) {
                return current;
            }
            if (next.isEmpty()) {
                Files.deleteIfExists(file);
                return next;
            }
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                out.write(ByteBuffer.wrap(next.get().getBytes(StandardCharsets.UTF_8)));
                out.force(true);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return next;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        } finally {
            inProcess.unlock();
        }
    }

    /** Every update replaces the file, so its key, time and size change together. */
    @Override
    public Optional<Object> version(String name) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(dir.resolve(name), BasicFileAttributes.class);
            return Optional.of(List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime(),
                    attributes.size()));
        } catch (NoSuchFileException none) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(name), e);
        }
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
