package io.punctual.history.source;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Event logs on any Hadoop file system ({@code hdfs://}, {@code webhdfs://}, ...), through Hadoop's
 * {@link FileSystem} API. For a log still being written, HDFS reports the length of its finished blocks; the
 * reader sees what is visible and the run stays marked incomplete until a later ingest.
 */
public final class HadoopLogFileSystem implements LogFileSystem {

    private final FileSystem fs;

    private HadoopLogFileSystem(FileSystem fs) {
        this.fs = fs;
    }

    /**
     * Connects to the file system of {@code uri}. {@code properties} are Hadoop settings (e.g. from the site's
     * configuration) laid over the defaults found on the classpath and in {@code $HADOOP_CONF_DIR}.
     */
    public static HadoopLogFileSystem connect(URI uri, Map<String, String> properties) throws IOException {
        Configuration conf = new Configuration();
        String confDir = System.getenv("HADOOP_CONF_DIR");
        if (confDir != null && !confDir.isBlank()) {
            for (String site : List.of("core-site.xml", "hdfs-site.xml")) {
                java.nio.file.Path file = java.nio.file.Path.of(confDir, site);
                if (java.nio.file.Files.isReadable(file)) {
                    conf.addResource(new Path(file.toUri()));
                }
            }
        }
        properties.forEach(conf::set);
        return new HadoopLogFileSystem(FileSystem.newInstance(uri, conf));
    }

    @Override
    public Entry stat(String path) throws IOException {
        return entry(fs.getFileStatus(new Path(path)));
    }

    @Override
    public List<Entry> list(String directory) throws IOException {
        List<Entry> out = new ArrayList<>();
        for (FileStatus status : fs.listStatus(new Path(directory))) {
            out.add(entry(status));
        }
        return out;
    }

    @Override
    public InputStream open(String path) throws IOException {
        return fs.open(new Path(path));
    }

    @Override
    public String uri(String path) {
        return fs.makeQualified(new Path(path)).toString();
    }

    /** Releases the connection; the Hadoop FileSystem cache is bypassed, so this closes only ours. */
    @Override
    public void close() throws IOException {
        fs.close();
    }

    private static Entry entry(FileStatus status) {
        Path p = status.getPath();
        return new Entry(p.toString(), p.getName(), status.isDirectory(), status.isDirectory() ? 0 : status.getLen(),
                status.getModificationTime());
    }
}
