package io.punctual.submit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The gateway's own copies of the local files batches ship. A file is judged by its real path when the request
 * arrives, but spark-submit would read the path later (and again on a relaunch after a restart): a file swapped for a
 * symlink in between would ship whatever the link names. So the checked file is opened once, by its real path and
 * without following a link, and copied here; spark-submit gets the copy. Copies are named by their content, so a
 * retry or a relaunch finds the same one and a jar shipped by every nightly run is kept once. A file already copied
 * whose identity has not changed since (same inode, size and modification time, read without following links) is not
 * read again: a file swapped for another or for a link has another identity, so the check still holds.
 */
final class ShippedCopies {

    /** What names one version of a file: where it is, which inode, how long, when last written. */
    private record Identity(Path real, Object fileKey, long size, FileTime modified) {
    }

    private final Path dir;
    private final Map<Identity, Path> copied = new ConcurrentHashMap<>();

    ShippedCopies(Path dir) {
        this.dir = dir;
    }

    /**
     * @param real a regular file's real path, already judged permitted
     * @return the copy, named {@code <dir>/<content hash>/<file name>}
     * @throws UncheckedIOException when the file changed into something else while it was read, or cannot be copied
     */
    Path copy(Path real) {
        try {
            Identity identity = identity(real);
            Path known = copied.get(identity);
            if (known != null && Files.isRegularFile(known)) {
                // Touched, so a sweep does not take a copy a request is about to record.
                Files.setLastModifiedTime(known.getParent(), FileTime.from(Instant.now()));
                return known;
            }
            Path copy = copyAnew(real);
            if (identity.equals(identity(real))) {
                copied.put(identity, copy);
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("could not take a copy of a shipped file: " + e.getMessage(), e);
        }
    }

    private static Identity identity(Path real) throws IOException {
        var attributes = Files.readAttributes(real, BasicFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        return new Identity(real, attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
    }

    private Path copyAnew(Path real) throws IOException {
        Files.createDirectories(dir);
        Path incoming = Files.createTempFile(dir, "incoming-", ".part",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        MessageDigest sha = sha256();
        try (FileChannel in = FileChannel.open(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
             InputStream read = new DigestInputStream(Channels.newInputStream(in), sha);
             OutputStream out = Files.newOutputStream(incoming)) {
            read.transferTo(out);
        }
        if (!real.toRealPath().equals(real)) {
            Files.deleteIfExists(incoming);
            throw new IOException("the file changed while it was read");
        }
        Path target = dir.resolve(HexFormat.of().formatHex(sha.digest(), 0, 16)).resolve(real.getFileName());
        Files.createDirectories(target.getParent());
        // rename(2) replaces a copy another request placed first, which has the same content.
        Files.move(incoming, target, StandardCopyOption.ATOMIC_MOVE);
        return target;
    }

    /**
     * Deletes each copy that no batch which may still launch names and that nobody asked for within {@code idle}: a
     * finished batch never reads its files again, and the copies would otherwise fill the state directory.
     *
     * @param named whether a batch that may still launch names the copy directory of this name (its content hash)
     * @return how many copies were deleted
     */
    int sweep(Predicate<String> named, Duration idle) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        Instant before = Instant.now().minus(idle);
        int deleted = 0;
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path copy : entries.toList()) {
                String name = copy.getFileName().toString();
                boolean stale = Files.getLastModifiedTime(copy, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before);
                if (stale && (name.startsWith("incoming-") || !named.test(name))) {
                    WorkingDirectories.deleteTree(copy);
                    deleted++;
                }
            }
        }
        copied.values().removeIf(known -> !Files.exists(known));
        return deleted;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
