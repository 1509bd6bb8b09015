package io.punctual.history.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The inside of a zip as a {@link LogFileSystem}: how a History Server hands out an attempt's event log (one file,
 * or a rolling log's directory). Directories are implied by entry names; the root is the empty path.
 */
final class ZipLogFileSystem implements LogFileSystem {

    private final ZipFile zip;
    private final String label;
    private final Map<String, ZipEntry> files = new LinkedHashMap<>();

    ZipLogFileSystem(ZipFile zip, String label) {
        this.zip = zip;
        this.label = label;
        for (ZipEntry entry : Collections.list(zip.entries())) {
            if (!entry.isDirectory()) {
                files.put(entry.getName(), entry);
            }
        }
    }

    @Override
    public Entry stat(String path) throws IOException {
        ZipEntry file = files.get(path);
        if (file != null) {
            return fileEntry(path, file);
        }
        String prefix = path.isEmpty() ? "" : path + "/";
        if (files.keySet().stream().anyMatch(name -> name.startsWith(prefix))) {
            return new Entry(path, nameOf(path), true, 0, 0);
        }
        throw new NoSuchFileException(uri(path));
    }

    @Override
    public List<Entry> list(String directory) throws IOException {
        String prefix = directory.isEmpty() ? "" : directory + "/";
        Map<String, Entry> children = new LinkedHashMap<>();
        for (Map.Entry<String, ZipEntry> file : files.entrySet()) {
            String name = file.getKey();
            if (!name.startsWith(prefix)) {
                continue;
            }
            String rest = name.substring(prefix.length());
            int slash = rest.indexOf('/');
            if (slash < 0) {
                children.put(name, fileEntry(name, file.getValue()));
            } else {
                String dir = prefix + rest.substring(0, slash);
                children.putIfAbsent(dir, new Entry(dir, nameOf(dir), true, 0, 0));
            }
        }
        return new ArrayList<>(children.values());
    }

    @Override
    public InputStream open(String path) throws IOException {
        ZipEntry file = files.get(path);
        if (file == null) {
            throw new NoSuchFileException(uri(path));
        }
        return zip.getInputStream(file);
    }

    @Override
    public String uri(String path) {
        return label + "!/" + path;
    }

    private static Entry fileEntry(String path, ZipEntry entry) {
        return new Entry(path, nameOf(path), false, Math.max(0, entry.getSize()), Math.max(0, entry.getTime()));
    }

    private static String nameOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }
}
