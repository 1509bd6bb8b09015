package io.punctual.submit.launch;

import io.punctual.yarn.hadoop.ClusterFiles;
import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How YARN containers find Spark's own jars. spark-submit without {@code spark.yarn.jars} or {@code spark.yarn.archive}
 * uploads every jar of its distribution for every application (~280 MB); Punctual's thin runtime has to say where
 * they are instead: in place on every node, or one archive on the cluster's file system shared by all applications.
 */
public sealed interface SparkJars {

    /** The Spark properties that tell YARN where the jars are; empty to leave it to spark-submit. */
    Map<String, String> conf();

    /** A Spark distribution ({@code SPARK_HOME}): spark-submit and its spark-defaults.conf decide. */
    record FromDistribution() implements SparkJars {
        @Override
        public Map<String, String> conf() {
            return Map.of();
        }
    }

    /** The jars used where they are: only right when {@code jarsDir} exists at the same path on every node. */
    record InPlace(Path jarsDir) implements SparkJars {
        @Override
        public Map<String, String> conf() {
            return Map.of("spark.yarn.jars", "local:" + jarsDir.toAbsolutePath() + "/*");
        }
    }

    /** An archive of the jars the site put on the cluster itself. */
    record Archive(String uri) implements SparkJars {
        @Override
        public Map<String, String> conf() {
            return Map.of("spark.yarn.archive", uri);
        }
    }

    /**
     * The runtime's jars as one archive in {@code directory} of the cluster's file system, uploaded by the first
     * launch that does not find it there. The name holds the Spark version and a hash of the jars' bytes, so a
     * changed runtime gets a new archive and an unchanged one is never uploaded twice.
     *
     * @param jarsDir       the thin runtime's {@code jars/}
     * @param directory     {@code punctual.spark.archive-dir}, relative to the user's home on the cluster's file system
     * @param hadoopConfDir the cluster's client configuration, which names its default file system
     */
    record Upload(Path jarsDir, String directory, Path hadoopConfDir) implements SparkJars {

        private static final Logger LOG = LoggerFactory.getLogger(Upload.class);
        /** A gateway's first launches start together: one of them uploads, the others wait and find it. */
        private static final Object UPLOADING = new Object();

        @Override
        public Map<String, String> conf() {
            return Map.of("spark.yarn.archive", ensureUploaded());
        }

        /** The archive's URI, after uploading it if no launch has yet. */
        public String ensureUploaded() {
            ClusterFiles files = ClusterFiles.fromConfDir(hadoopConfDir);
            String uri = files.qualify(directory.replaceAll("/+$", "") + "/" + SparkArchive.name(jarsDir));
            if (files.modified(uri).isPresent()) {
                return uri;
            }
            synchronized (UPLOADING) {
                long started = System.nanoTime();
                boolean wrote = files.publishOnce(uri, out -> SparkArchive.write(jarsDir, out));
                LOG.info("Spark's jars {} {} ({} ms)", wrote ? "uploaded to" : "found, uploaded meanwhile, at", uri,
                        (System.nanoTime() - started) / 1_000_000);
            }
            return uri;
        }
    }
}
