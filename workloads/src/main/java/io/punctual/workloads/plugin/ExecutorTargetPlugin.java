package io.punctual.workloads.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets Punctual move a running application's executor count without Spark's dynamic allocation (issue 25: grow a
 * job that lags, give back what one far ahead does not need). The launch adds it to {@code spark.plugins} with
 * {@value #TARGET_FILE} naming a file on the cluster's file system; the driver reads the number in it every
 * {@value #POLL_MS} ms and, when it changes, asks the cluster manager for that many executors in total, releasing the
 * least busy first when it is fewer: decommissioned where {@code spark.decommission.enabled} is on, so their shuffle
 * blocks move to the executors that stay, else killed (safe only with Spark's external shuffle service; Punctual asks
 * for fewer only where one of the two keeps the shuffle output). A file that is missing or unreadable changes nothing:
 * the application runs on at the size it has.
 */
public final class ExecutorTargetPlugin implements SparkPlugin {

    /** Where the target is read from: a Hadoop path (hdfs:, file:, ...). */
    public static final String TARGET_FILE = "spark.punctual.executors.targetFile";
    static final long POLL_MS = 1000;

    @Override
    public DriverPlugin driverPlugin() {
        return new Driver();
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return null;
    }

    /** The driver side: one daemon thread that follows the target file. */
    static final class Driver implements DriverPlugin {

        private static final Logger LOG = LoggerFactory.getLogger(ExecutorTargetPlugin.class);

        private final ExecutorCount executors = new ExecutorCount();
        private ScheduledExecutorService poller;
        private int applied = -1;

        @Override
        public Map<String, String> init(SparkContext sc, PluginContext context) {
            String file = sc.conf().get(TARGET_FILE, "");
            if (file.isEmpty()) {
                LOG.warn("{} is not set: Punctual cannot move this application's executors", TARGET_FILE);
                return Collections.emptyMap();
            }
            Path target = new Path(file);
            sc.addSparkListener(executors);
            poller = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "punctual-executor-target");
                thread.setDaemon(true);
                return thread;
            });
            poller.scheduleWithFixedDelay(() -> follow(sc, target), POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
            LOG.info("following Punctual's executor target in {}", target);
            return Collections.emptyMap();
        }

        private void follow(SparkContext sc, Path target) {
            try {
                int wanted = read(sc, target);
                if (wanted > 0 && wanted != applied) {
                    executors.move(sc, wanted);
                    applied = wanted;
                }
            } catch (IOException | NumberFormatException | IllegalStateException unreadable) {
                LOG.debug("no executor target in {}: {}", target, unreadable.toString());
            } catch (RuntimeException failed) {
                LOG.warn("could not move the executor count to the target in {}", target, failed);
            }
        }

        private static int read(SparkContext sc, Path target) throws IOException {
            FileSystem fs = target.getFileSystem(sc.hadoopConfiguration());
            if (!fs.exists(target)) {
                return -1;
            }
            try (InputStream in = fs.open(target)) {
                return Integer.parseInt(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
            }
        }

        @Override
        public void shutdown() {
            if (poller != null) {
                poller.shutdownNow();
            }
        }
    }
}
