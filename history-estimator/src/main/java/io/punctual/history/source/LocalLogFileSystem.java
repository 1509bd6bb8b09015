package io.punctual.history.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Event logs on the local disk, through java.nio. */
public final class LocalLogFileSystem implements LogFileSystem {

    @Override
    public Entry stat(String path) throws IOException {
        Path p = Path.of(path);
        BasicFileAttributes attrs = Files.readAttributes(p, BasicFileAttributes.class);
        return entry(p, attrs);
    }

    @Override
    public List<Entry> list(String directory) throws IOException {
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> children = Files.list(Path.of(directory))) {
            for (Path child : (Iterable<Path>) children::iterator) {
                try {
                    out.add(entry(child, Files.readAttributes(child, BasicFileAttributes.class)));
                } catch (IOException e) {
                    // a child that vanished or cannot be stat'ed is listed as an empty file; opening it reports why
                    out.add(new Entry(child.toString(), name(child), false, 0, 0));
                }
            }
        }
        return out;
    }

    @Override
    public InputStream open(String path) throws IOException {
        Path p = Path.of(path);
        // Opening a FIFO waits for a writer that may never come; a device or socket never ends.
        if (Files.exists(p) && !Files.isRegularFile(p)) {
            throw new IOException(path + " is not a regular file (a FIFO, socket or device): skipped; event logs are"
                    + " regular files");
        }
        return Files.newInputStream(p);
    }

    @Override
    public String uri(String path) {
        return Path.of(path).toAbsolutePath().normalize().toUri().toString();
    }

    private static Entry entry(Path p, BasicFileAttributes attrs) {
        return new Entry(p.toString(), name(p), attrs.isDirectory(), attrs.isDirectory() ? 0 : attrs.size(),
                attrs.lastModifiedTime().toMillis());
    }

    private static String name(Path p) {
        Path name = p.getFileName();
        return name == null ? p.toString() : name.toString();
    }
}
