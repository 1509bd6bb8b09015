package io.punctual.bench.history;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.SingleEventLog;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one big event log once and reports time, throughput and peak heap. Run it with a small heap to show the
 * parser streams ({@code java -Xmx64m ... HeapProbe parse <log>}); {@code generate <MB>} writes the log first
 * (in its own JVM, so generation does not count), {@code spark <log>} runs Spark's replay the same way.
 */
public final class HeapProbe {

    private HeapProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: HeapProbe generate <MB> | parse <log> | spark <log>");
            System.exit(2);
        }
        switch (args[0]) {
            case "generate" -> {
                SyntheticEventLog.Written w = BenchLogs.expanded(Integer.parseInt(args[1]));
                System.out.printf("wrote %s: %,d bytes, %,d tasks%n", w.path(), w.bytes(), w.tasks());
            }
            case "parse" -> measure(Path.of(args[1]), false);
            case "spark" -> measure(Path.of(args[1]), true);
            default -> {
                System.err.println("unknown command " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void measure(Path log, boolean spark) throws IOException {
        long size = Files.size(log);
        long start = System.nanoTime();
        String result;
        Object kept = null;
        if (spark) {
            ReplayComparison.replaySpark(log);
            result = "replayed";
        } else {
            LocalLogFileSystem fs = new LocalLogFileSystem();
            ReadOutcome outcome = new SingleEventLog(fs, fs.stat(log.toString())).read(new EventLogParser());
            RunRecord run = ((ReadOutcome.Read) outcome).run();
            kept = run;
            result = String.format("%,d tasks, %d stages, trainable=%s", run.totals().tasks(), run.stages().size(),
                    run.trainable());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        double live = (rt.totalMemory() - rt.freeMemory()) / 1e6;
        System.out.printf("%s: %,d bytes in %.2f s = %.0f MB/s; %s; max heap %d MB, peak heap used %.1f MB "
                        + "(sum of pool peaks), %.1f MB live after a full GC still holding the result%n",
                spark ? "spark ReplayListenerBus" : "punctual parser", size, seconds, size / 1e6 / seconds, result,
                rt.maxMemory() >> 20, peak / 1e6, live);
        java.lang.ref.Reference.reachabilityFence(kept);
    }
}
