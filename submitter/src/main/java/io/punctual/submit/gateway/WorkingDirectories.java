package io.punctual.submit.gateway;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The gateway's working directory: one directory per batch, which its spark-submit runs in, and beside them the
 * copies of shipped local files ({@link ShippedCopies}). Both are the gateway's to clean: a batch that has ended is
 * never launched again, so its directory goes, and a copy goes once no batch that may still launch names it.
 */
final class WorkingDirectories {

    /** Long enough that a request being received (its copies taken, its batch not yet recorded) is never swept. */
    static final Duration IDLE = Duration.ofHours(1);

    private final Path root;
    private final ShippedCopies copies;

    WorkingDirectories(Path root) {
        this.root = root;
        this.copies = new ShippedCopies(root.resolve(BatchService.SHIPPED));
    }

    ShippedCopies copies() {
        return copies;
    }

    /** What a sweep deleted. */
    record Swept(int batchDirectories, int copies) {
    }

    /** Deletes the directories of ended batches and the copies no unfinished batch names, if idle long enough. */
    Swept sweep(List<BatchRecord> all) throws IOException {
        Set<String> unfinished = all.stream().filter(b -> !b.isFinal()).map(BatchRecord::submissionId)
                .collect(Collectors.toSet());
        String named = all.stream().filter(b -> !b.isFinal()).map(b -> b.request().toString())
                .collect(Collectors.joining("\n"));
        Instant before = Instant.now().minus(IDLE);
        int dirs = 0;
        if (Files.isDirectory(root)) {
            try (Stream<Path> entries = Files.list(root)) {
                for (Path dir : entries.toList()) {
                    String name = dir.getFileName().toString();
                    if (name.startsWith("gw-") && !unfinished.contains(name) && Files.getLastModifiedTime(dir,
                            LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before)) {
                        deleteTree(dir);
                        dirs++;
                    }
                }
            }
        }
        // A copy is named by its content hash, which appears in every path a recorded request gives it.
        return new Swept(dirs, copies.sweep(hash -> named.contains("/" + hash + "/"), IDLE));
    }

    /** Deletes a directory and what is in it, without following links out of it. */
    static void deleteTree(Path top) throws IOException {
        try {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failed) throws IOException {
                    if (failed != null) {
                        throw failed;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException gone) {
            // Another sweep or the batch itself removed it first.
        }
    }
}
