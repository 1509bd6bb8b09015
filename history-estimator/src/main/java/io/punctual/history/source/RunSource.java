package io.punctual.history.source;

/** Somewhere Spark histories come from: an event-log directory or file (local, HDFS), or a History Server. */
public interface RunSource {

    /** For messages: the directory, file or server URL. */
    String describe();

    /** Walks the source, reporting every log found and every location that could not be read. */
    void scan(SourceVisitor visitor);
}
