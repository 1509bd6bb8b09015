package io.punctual.history.eventlog;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.ning.compress.lzf.LZFInputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.xerial.snappy.SnappyFramedInputStream;
import org.xerial.snappy.SnappyInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The compression of an event-log file, named by the short names Spark appends to the file name
 * ({@code app-1.lz4}, {@code events_1_app-1.zstd}). Each reads exactly the framing Spark 3.5's
 * {@code org.apache.spark.io.CompressionCodec} implementations write:
 * <ul>
 *   <li>lz4: lz4-java's LZ4 block stream ("LZ4Block" blocks), XXHash32 checksums with seed 0x9747b28c,
 *       concatenated streams allowed;</li>
 *   <li>lzf: compress-lzf's chunked stream ("ZV" chunks);</li>
 *   <li>snappy: snappy-java's own stream format ({@code SnappyOutputStream}, header "\x82SNAPPY\x00"), not the
 *       snappy framing format; a framed file ("sNaPpY" stream identifier) is recognised and read too;</li>
 *   <li>zstd: standard zstd frames, read in continuous mode so an unfinished frame of a log still being written
 *       yields what it holds instead of an error (what Spark's history provider does).</li>
 * </ul>
 */
public enum EventLogCodec {
    PLAIN(""),
    LZ4("lz4"),
    LZF("lzf"),
    SNAPPY("snappy"),
    ZSTD("zstd");

    /** Spark's LZ4CompressionCodec checksum seed. */
    private static final int LZ4_XXHASH_SEED = 0x9747b28c;
    private static final byte[] LZ4_MAGIC = "LZ4Block".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] SNAPPY_JAVA_MAGIC = {(byte) 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
    private static final byte[] SNAPPY_FRAMED_MAGIC = {(byte) 0xff, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'};
    private static final byte[] ZSTD_MAGIC = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd};
    private static final byte[] LZF_MAGIC = {'Z', 'V'};
    /** Enough leading bytes to recognise every codec's magic. */
    public static final int SNIFF_BYTES = 16;

    private final String shortName;

    EventLogCodec(String shortName) {
        this.shortName = shortName;
    }

    public String shortName() {
        return shortName;
    }

    /** The codec a file-name extension names (without the dot), if it is one Spark writes. */
    public static Optional<EventLogCodec> forExtension(String extension) {
        String lower = extension.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(c -> c != PLAIN && c.shortName.equals(lower)).findFirst();
    }

    /** The codec whose magic bytes start {@code head}, or empty for anything else (plain JSON, garbage). */
    public static Optional<EventLogCodec> sniff(byte[] head, int length) {
        if (startsWith(head, length, LZ4_MAGIC)) {
            return Optional.of(LZ4);
        }
        if (startsWith(head, length, SNAPPY_JAVA_MAGIC) || startsWith(head, length, SNAPPY_FRAMED_MAGIC)) {
            return Optional.of(SNAPPY);
        }
        if (startsWith(head, length, ZSTD_MAGIC)) {
            return Optional.of(ZSTD);
        }
        if (startsWith(head, length, LZF_MAGIC)) {
            return Optional.of(LZF);
        }
        return Optional.empty();
    }

    /**
     * Wraps {@code raw} to yield the log's JSON lines; {@code head} is the stream's first bytes (still unread in
     * {@code raw}), which tell the two snappy framings apart.
     */
    public InputStream open(InputStream raw, byte[] head) throws IOException {
        switch (this) {
            case PLAIN:
                return raw;
            case LZ4:
                return new LZ4BlockInputStream(raw, LZ4Factory.fastestInstance().fastDecompressor(),
                        XXHashFactory.fastestInstance().newStreamingHash32(LZ4_XXHASH_SEED).asChecksum(), false);
            case LZF:
                return new LZFInputStream(raw);
            case SNAPPY:
                return startsWith(head, head.length, SNAPPY_FRAMED_MAGIC) ? new SnappyFramedInputStream(raw)
                        : new SnappyInputStream(raw);
            case ZSTD:
                return new ZstdInputStreamNoFinalizer(raw).setContinuous(true);
            default:
                throw new IllegalStateException("unhandled codec " + this);
        }
    }


    private static boolean startsWith(byte[] head, int length, byte[] magic) {
        if (length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (head[i] != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
