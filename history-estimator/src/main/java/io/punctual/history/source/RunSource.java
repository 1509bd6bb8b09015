package io.punctual.history.source;

/** Somewhere Spark histories come from: an event-log directory or file (local, HDFS), or a History Server. */
public interface RunSource extends AutoCloseable {

    /** For messages: the directory, file or server URL. */
    String describe();

    /** Walks the source, reporting every log found and every location that could not be read. */
    void scan(SourceVisitor visitor);

    /** Releases connections the source opened (a Hadoop file system); logs it found are not read after this. */
    @Override
    default void close() throws java.io.IOException {
    }
}
