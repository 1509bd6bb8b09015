package io.punctual.history.source;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import com.ning.compress.lzf.LZFOutputStream;
import io.punctual.history.SparkEventLogs;
import io.punctual.history.eventlog.EventLogCodec;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.eventlog.PlainScan;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.xerial.snappy.SnappyFramedOutputStream;
import org.xerial.snappy.SnappyOutputStream;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each codec's own library writes a real Spark log (one of Spark's own, see {@link SparkEventLogs}) in the framing
 * Spark 3.5's CompressionCodec uses (flushing every few lines, as Spark's event-log writer does); the reader must give
 * the numbers a plain scan gives.
 */
class CodecRoundTripTest {

    private static final String LOG = "spark-events/app-20200706201101-0003";

    @TempDir
    Path dir;

    /** Spark 3.5's framing per codec (org.apache.spark.io.*CompressionCodec, the continuous variants for logs). */
    static OutputStream sparkFraming(EventLogCodec codec, OutputStream out) throws IOException {
        switch (codec) {
            case LZ4:
                return new LZ4BlockOutputStream(out, 32 * 1024, LZ4Factory.fastestInstance().fastCompressor(),
                        XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), false);
            case LZF:
                return new LZFOutputStream(out).setFinishBlockOnFlush(true);
            case SNAPPY:
                return new SnappyOutputStream(out, 32 * 1024);
            case ZSTD:
                return new BufferedOutputStream(new ZstdOutputStreamNoFinalizer(out).setLevel(1).setCloseFrameOnFlush(true),
                        32 * 1024);
            default:
                return out;
        }
    }

    static byte[] compress(EventLogCodec codec, byte[] plain) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = sparkFraming(codec, sink)) {
            List<byte[]> chunks = chunks(plain, 7_000);
            for (byte[] chunk : chunks) {
                out.write(chunk);
                out.flush(); // the event-log writer flushes as it goes; zstd then closes a frame each time
            }
        }
        return sink.toByteArray();
    }

    @ParameterizedTest
    @EnumSource(EventLogCodec.class)
    void aRealLogReadsTheSameThroughEveryCodec(EventLogCodec codec) throws IOException {
        byte[] plain = SparkEventLogs.bytes(LOG);
        PlainScan expected = PlainScan.of(new ByteArrayInputStream(plain));
        Path file = dir.resolve("app-20200706201101-0003" + (codec == EventLogCodec.PLAIN ? "" : "." + codec.shortName()));
        Files.write(file, compress(codec, plain));

        RunRecord run = read(file);
        assertThat(run.totals().tasks()).isEqualTo(expected.taskEnds());
        assertThat(run.totals().taskTimeMs()).isEqualTo(expected.taskTimeMs());
        assertThat(run.wallTimeMs()).hasValue(expected.wallTimeMs());
        assertThat(run.integrity().truncatedTail()).isFalse();
        assertThat(run.trainable()).isTrue();
        if (codec != EventLogCodec.PLAIN) {
            assertThat(Files.size(file)).isLessThan(plain.length / 2);
        }
    }

    @ParameterizedTest
    @EnumSource(value = EventLogCodec.class, names = "PLAIN", mode = EnumSource.Mode.EXCLUDE)
    void aCompressedLogCutShortGivesWhatItHoldsAsAnIncompleteRun(EventLogCodec codec) throws IOException {
        byte[] plain = SparkEventLogs.bytes(LOG);
        byte[] compressed = compress(codec, plain);
        Path file = dir.resolve("app-1." + codec.shortName() + ".inprogress");
        Files.write(file, Arrays.copyOf(compressed, compressed.length * 9 / 10));

        RunRecord run = read(file);
        assertThat(run.integrity().complete()).isFalse();
        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r).startsWith("incomplete"));
        assertThat(run.totals().tasks()).isPositive().isLessThan(PlainScan.of(new ByteArrayInputStream(plain)).taskEnds());
        assertThat(new SingleEventLog(new LocalLogFileSystem(), new LocalLogFileSystem().stat(file.toString())).inProgress())
                .isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = EventLogCodec.class, names = "PLAIN", mode = EnumSource.Mode.EXCLUDE)
    void theContentDecidesWhenTheNameLies(EventLogCodec codec) throws IOException {
        byte[] plain = SparkEventLogs.bytes(LOG);
        Path file = dir.resolve("app-1." + (codec == EventLogCodec.LZ4 ? "zstd" : "lz4"));
        Files.write(file, compress(codec, plain));

        RunRecord run = read(file);
        assertThat(run.totals().tasks()).isEqualTo(PlainScan.of(new ByteArrayInputStream(plain)).taskEnds());
        assertThat(run.integrity().problems()).anySatisfy(p -> assertThat(p).contains("read as " + codec.shortName()));
    }

    @org.junit.jupiter.api.Test
    void snappyFramingIsReadToo() throws IOException {
        byte[] plain = SparkEventLogs.bytes(LOG);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = new SnappyFramedOutputStream(sink)) {
            out.write(plain);
        }
        Path file = dir.resolve("app-1.snappy");
        Files.write(file, sink.toByteArray());
        assertThat(read(file).totals().tasks()).isEqualTo(PlainScan.of(new ByteArrayInputStream(plain)).taskEnds());
    }

    static RunRecord read(Path file) throws IOException {
        LocalLogFileSystem fs = new LocalLogFileSystem();
        ReadOutcome outcome = new SingleEventLog(fs, fs.stat(file.toString())).read(new EventLogParser());
        assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
        return ((ReadOutcome.Read) outcome).run();
    }

    private static List<byte[]> chunks(byte[] bytes, int size) {
        java.util.ArrayList<byte[]> out = new java.util.ArrayList<>();
        for (int i = 0; i < bytes.length; i += size) {
            out.add(Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + size)));
        }
        return out;
    }
}
