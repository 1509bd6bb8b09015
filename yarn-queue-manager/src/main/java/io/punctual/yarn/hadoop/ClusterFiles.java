package io.punctual.yarn.hadoop;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.PrivilegedExceptionAction;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Files on the cluster's default file system (HDFS on a real cluster, the local disk for the embedded one), for what
 * every application of the cluster shares: published once under a name that says what it holds, never seen half
 * written. Hadoop's types stay in this module; callers speak in URI strings.
 */
public final class ClusterFiles {

    private final Configuration conf;

    private ClusterFiles(Configuration conf) {
        this.conf = conf;
    }

    /** The default file system of the cluster whose client configuration is in {@code confDir}. */
    public static ClusterFiles fromConfDir(java.nio.file.Path confDir) {
        return new ClusterFiles(YarnGateways.load(confDir));
    }

    /** What writes a file's bytes. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * {@code path} as a full URI: a relative path is inside the user's home directory of the default file system
     * ({@code /user/<user>} on HDFS), as Spark's own staging directory is.
     */
    public String qualify(String path) {
        try {
            FileSystem fs = FileSystem.get(new Path(path).toUri(), conf);
            Path given = new Path(path);
            Path absolute = given.isAbsolute() ? given : new Path(fs.getHomeDirectory(), given);
            return fs.makeQualified(absolute).toUri().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the file system of " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * The bytes under {@code uri} (a file's length, or everything under a directory), read from the file system's
     * summary without listing it here; a path without a scheme is on the default file system.
     *
     * @throws UncheckedIOException naming the path when it does not exist or cannot be read
     */
    public long bytesUnder(String uri) {
        return bytesUnder(uri, Optional.empty());
    }

    /**
     * As {@link #bytesUnder(String)}, read as {@code user} when given (a proxy user of this process's own, as YARN
     * runs an application of a {@code --proxy-user}), so only what that user may read is measured.
     */
    public long bytesUnder(String uri, Optional<String> user) {
        try {
            Path path = new Path(uri);
            if (user.isEmpty()) {
                return FileSystem.get(path.toUri(), conf).getContentSummary(path).getLength();
            }
            var as = UserGroupInformation.createProxyUser(user.get(), UserGroupInformation.getLoginUser());
            // A new instance, closed after: the file system cache keys on the user, and each proxy user is new.
            return as.doAs((PrivilegedExceptionAction<Long>) () -> {
                try (FileSystem fs = FileSystem.newInstance(path.toUri(), conf)) {
                    return fs.getContentSummary(path).getLength();
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(uri + ": interrupted", new IOException(e));
        } catch (java.io.FileNotFoundException e) {
            throw new UncheckedIOException(uri + ": no such file or directory", e);
        } catch (IOException | IllegalArgumentException e) {
            throw new UncheckedIOException(uri + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /** When the file at {@code uri} was last written, or empty if there is none. */
    public Optional<Instant> modified(String uri) {
        try {
            Path path = new Path(uri);
            FileSystem fs = FileSystem.get(path.toUri(), conf);
            if (!fs.exists(path)) {
                return Optional.empty();
            }
            FileStatus status = fs.getFileStatus(path);
            return Optional.of(Instant.ofEpochMilli(status.getModificationTime()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look up " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code content} to {@code uri} unless a file is already there: to a temporary name beside it first, then
     * published under its name at once, so a reader never sees a partial file. When two writers race, the first to
     * publish wins and the other's copy is deleted (both held the same bytes, since the name says what they hold).
     *
     * @return whether this call wrote the file
     */
    public boolean publishOnce(String uri, Content content) {
        Path target = new Path(uri);
        Path partial = partialBeside(target);
        try {
            FileSystem fs = FileSystem.get(target.toUri(), conf);
            if (fs.exists(target)) {
                return false;
            }
            fs.mkdirs(target.getParent());
            try (OutputStream out = fs.create(partial, false)) {
                content.writeTo(out);
            }
            boolean published = "file".equals(fs.getScheme()) ? linkLocally(partial, target)
                    : fs.rename(partial, target);
            fs.delete(partial, false);
            return published;
        } catch (IOException e) {
            deleteQuietly(partial);
            throw new UncheckedIOException("cannot write " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code text} to {@code uri}, replacing what was there: to a temporary name beside it first, so a reader
     * sees the old text, no file for a moment (HDFS will not rename onto a file) or the new text, never part of it.
     * What Punctual's driver plugin reads a running application's executor target from.
     */
    public void replace(String uri, String text) {
        Path target = new Path(uri);
        Path partial = partialBeside(target);
        try {
            FileSystem fs = unchecked(FileSystem.get(target.toUri(), conf));
            fs.mkdirs(target.getParent());
            try (OutputStream out = fs.create(partial, false)) {
                out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            if (!(fs instanceof org.apache.hadoop.fs.RawLocalFileSystem)) {
                fs.delete(target, false);
            }
            if (!fs.rename(partial, target)) {
                throw new IOException("the file system refused to rename " + partial + " to " + target);
            }
        } catch (IOException e) {
            deleteQuietly(partial);
            throw new UncheckedIOException("cannot write " + uri + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the file at {@code uri}; returns whether there was one. */
    public boolean delete(String uri) {
        Path target = new Path(uri);
        try {
            return unchecked(FileSystem.get(target.toUri(), conf)).delete(target, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + uri + ": " + e.getMessage(), e);
        }
    }

    /** A hidden name beside {@code target}, unique to one writer, to write a file under before it is published. */
    private static Path partialBeside(Path target) {
        return new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".partial");
    }

    /** The local file system without its checksum files beside each file (a one-line file needs none). */
    private static FileSystem unchecked(FileSystem fs) {
        return fs instanceof org.apache.hadoop.fs.LocalFileSystem local ? local.getRaw() : fs;
    }

    /**
     * HDFS refuses to rename onto an existing file, which makes its rename the atomic "first one wins"; the local
     * file system replaces the file instead, so there the copy is published as a hard link, which the operating system
     * refuses atomically when the name is taken.
     */
    private static boolean linkLocally(Path partial, Path target) throws IOException {
        try {
            java.nio.file.Files.createLink(java.nio.file.Path.of(target.toUri().getPath()),
                    java.nio.file.Path.of(partial.toUri().getPath()));
            return true;
        } catch (java.nio.file.FileAlreadyExistsException taken) {
            return false;
        }
    }

    private void deleteQuietly(Path path) {
        try {
            FileSystem.get(path.toUri(), conf).delete(path, false);
        } catch (IOException ignored) {
            // The temporary name is unique and hidden; a leftover is harmless and says what it was.
        }
    }
}
