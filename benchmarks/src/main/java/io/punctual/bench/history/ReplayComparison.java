package io.punctual.bench.history;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.SingleEventLog;
import org.apache.spark.scheduler.ReplayListenerBus;
import org.apache.spark.scheduler.ReplayListenerBus$;
import org.apache.spark.scheduler.SparkListener;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The same comparison as {@link EventLogReplayBenchmark}, alternating the two readers round after round in one
 * JVM and reporting wall time and CPU time (all threads of the process, so garbage collection counts) per read.
 * On a machine shared with other work, CPU time is the steadier measure; wall time is what a user waits.
 * {@code ReplayComparison [MB] [rounds]}; the first two rounds warm up and are not counted.
 */
public final class ReplayComparison {

    private ReplayComparison() {
    }

    private record Sample(double wallSeconds, double cpuSeconds) {
    }

    public static void main(String[] args) throws IOException {
        int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 150;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        SyntheticEventLog.Written log = BenchLogs.expanded(megabytes);
        System.out.printf("log %s: %,d bytes, %,d tasks; %d rounds (2 warm-up)%n", log.path(), log.bytes(), log.tasks(), rounds);
        List<Sample> ours = new ArrayList<>();
        List<Sample> spark = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            Sample a = time(() -> readOurs(log.path()));
            Sample b = time(() -> replaySpark(log.path()));
            System.out.printf("round %d: punctual %.2f s wall / %.2f s cpu; spark %.2f s wall / %.2f s cpu%n",
                    round + 1, a.wallSeconds, a.cpuSeconds, b.wallSeconds, b.cpuSeconds);
            if (round >= 2) {
                ours.add(a);
                spark.add(b);
            }
        }
        report("punctual parser", ours, log.bytes());
        report("spark ReplayListenerBus", spark, log.bytes());
        System.out.printf("speed-up (median): %.1fx wall, %.1fx cpu%n",
                median(spark, true) / median(ours, true), median(spark, false) / median(ours, false));
    }

    private interface Read {
        void run() throws IOException;
    }

    private static Sample time(Read read) throws IOException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        read.run();
        return new Sample((System.nanoTime() - t0) / 1e9, (os.getProcessCpuTime() - cpu0) / 1e9);
    }

    static void readOurs(Path log) throws IOException {
        LocalLogFileSystem fs = new LocalLogFileSystem();
        ReadOutcome outcome = new SingleEventLog(fs, fs.stat(log.toString())).read(new EventLogParser());
        if (!(outcome instanceof ReadOutcome.Read read) || !read.run().trainable()) {
            throw new IllegalStateException("the synthetic log did not read as a trainable run: " + outcome);
        }
    }

    static void replaySpark(Path log) throws IOException {
        ReplayListenerBus bus = new ReplayListenerBus();
        bus.addListener(new SparkListener() { });
        try (InputStream in = new BufferedInputStream(Files.newInputStream(log), 1 << 16)) {
            bus.replay(in, log.toString(), false, ReplayListenerBus$.MODULE$.SELECT_ALL_FILTER());
        }
    }

    private static void report(String name, List<Sample> samples, long bytes) {
        double wall = median(samples, true);
        double cpu = median(samples, false);
        System.out.printf("%-24s median %.2f s wall (%.0f MB/s), %.2f s cpu (%.0f MB/s per core-second)%n", name, wall,
                bytes / 1e6 / wall, cpu, bytes / 1e6 / cpu);
    }

    private static double median(List<Sample> samples, boolean wall) {
        double[] values = samples.stream().mapToDouble(s -> wall ? s.wallSeconds : s.cpuSeconds).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
