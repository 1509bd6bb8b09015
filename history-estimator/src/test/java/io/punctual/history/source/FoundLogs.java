package io.punctual.history.source;

import java.util.ArrayList;
import java.util.List;

/** Test helper: what a source finds, failing the test on any problem it reports. */
public final class FoundLogs {

    private FoundLogs() {
    }

    public static List<LogCandidate> in(RunSource source) {
        List<LogCandidate> found = new ArrayList<>();
        source.scan(new SourceVisitor() {
            @Override
            public void found(LogCandidate log) {
                found.add(log);
            }

            @Override
            public void problem(String location, String message) {
                throw new AssertionError(location + ": " + message);
            }
        });
        return found;
    }

    /** The single log at {@code path} on the local disk. */
    public static LogCandidate single(String path) {
        List<LogCandidate> found = in(new FileSystemRunSource(new LocalLogFileSystem(), path));
        if (found.size() != 1) {
            throw new AssertionError("expected one log at " + path + ", found " + found.size());
        }
        return found.get(0);
    }
}
