package io.punctual.bench.history;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Reading the same event log two ways, side by side in one run: our streaming parser (everything the model needs
 * from the log) against Spark's own replay ({@code ReplayListenerBus}, which decodes every event with
 * {@code JsonProtocol} and posts it) feeding a listener that does nothing. One operation reads the whole log;
 * the page cache is warm after the first. Throughput = log size / time per operation. An operation takes from
 * 0.2 s to 2 s, so iterations are 10 s long to average several. {@link ReplayComparison} runs the same two reads
 * alternately, which suits a machine shared with other work better.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 10)
@Measurement(iterations = 5, time = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class EventLogReplayBenchmark {

    /** Approximate log size in MB; 150 MB is about 36,000 tasks with this template. */
    @Param("150")
    public int megabytes;

    private Path log;

    @Setup(Level.Trial)
    public void writeLog() throws IOException {
        SyntheticEventLog.Written written = BenchLogs.expanded(megabytes);
        log = written.path();
        System.out.printf("%nlog %s: %,d bytes, %,d tasks%n", log, written.bytes(), written.tasks());
    }

    /** The whole ingest read path: open, fingerprint (CRC32C), sniff the codec, parse, check for losses. */
    @Benchmark
    public void punctualParser() throws IOException {
        ReplayComparison.readOurs(log);
    }

    @Benchmark
    public void sparkReplayListenerBus() throws IOException {
        ReplayComparison.replaySpark(log);
    }
}
