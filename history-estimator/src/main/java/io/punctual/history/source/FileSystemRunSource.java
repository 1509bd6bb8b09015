package io.punctual.history.source;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Event logs under a path of a {@link LogFileSystem}: the path may be one log file, one rolling-log directory, or a
 * directory of them (sub-directories are searched too, a few levels deep, as Spark's test data nests them).
 */
public final class FileSystemRunSource implements RunSource {

    private static final int MAX_DEPTH = 4;

    private final LogFileSystem fs;
    private final String root;

    public FileSystemRunSource(LogFileSystem fs, String root) {
        this.fs = fs;
        this.root = root;
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }

    @Override
    public String describe() {
        return fs.uri(root);
    }

    @Override
    public void scan(SourceVisitor visitor) {
        LogFileSystem.Entry top;
        try {
            top = fs.stat(root);
        } catch (IOException e) {
            visitor.problem(describe(), explain(e));
            return;
        }
        visit(top, 0, visitor);
    }

    private void visit(LogFileSystem.Entry entry, int depth, SourceVisitor visitor) {
        if (!entry.directory()) {
            visitor.found(new SingleEventLog(fs, entry));
            return;
        }
        List<LogFileSystem.Entry> children;
        try {
            children = new ArrayList<>(fs.list(entry.path()));
        } catch (IOException e) {
            visitor.problem(fs.uri(entry.path()), explain(e));
            return;
        }
        if (EventLogName.isRollingDirectory(entry.name())) {
            visitor.found(new RollingEventLog(fs, entry, children));
            return;
        }
        children.sort(Comparator.comparing(LogFileSystem.Entry::name));
        for (LogFileSystem.Entry child : children) {
            if (EventLogName.ignored(child.name())) {
                continue;
            }
            if (child.directory() && depth + 1 > MAX_DEPTH && !EventLogName.isRollingDirectory(child.name())) {
                visitor.problem(fs.uri(child.path()), "not searched: deeper than " + MAX_DEPTH
                        + " levels below " + describe() + "; pass it directly to ingest it");
                continue;
            }
            visit(child, depth + 1, visitor);
        }
    }

    /** A message that names the failure in words, whatever file system raised it. */
    static String explain(IOException e) {
        String type = e.getClass().getSimpleName();
        if (e instanceof AccessDeniedException || type.equals("AccessControlException")) {
            return "permission denied: " + firstLine(e.getMessage())
                    + " (grant read and execute permission to the user running punctual)";
        }
        if (e instanceof NoSuchFileException || e instanceof java.io.FileNotFoundException) {
            return "no such file or directory: " + firstLine(e.getMessage());
        }
        return "cannot read: " + type + ": " + firstLine(e.getMessage());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
