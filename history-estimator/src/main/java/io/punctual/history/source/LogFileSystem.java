package io.punctual.history.source;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The little a log source needs from a file system: list, stat, open. Local disk and Hadoop (HDFS) implement it. */
public interface LogFileSystem {

    /** One file or directory. {@code path} is what {@link #open} and {@link #list} take back. */
    record Entry(String path, String name, boolean directory, long sizeBytes, long modifiedMs) {
    }

    Entry stat(String path) throws IOException;

    /** The children of a directory, in no particular order. */
    List<Entry> list(String directory) throws IOException;

    InputStream open(String path) throws IOException;

    /** A URI for messages and for the store's record of where a run came from. */
    String uri(String path);

    /** Releases what the file system holds open; nothing for the local disk. */
    default void close() throws IOException {
    }
}
