package io.punctual.history.eventlog;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * The raw (still compressed) bytes of a log as they come off the disk or network: counts them, fingerprints them
 * (CRC32C, so an identical log under another name is recognised), and remembers whether the underlying read
 * failed — which tells a real I/O error apart from a compressed stream that merely ends mid-block.
 */
public final class RawInput extends FilterInputStream {

    private final CRC32C crc = new CRC32C();
    private long bytes;
    private IOException failure;

    public RawInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = guard(() -> super.read());
        if (b >= 0) {
            crc.update(b);
            bytes++;
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = guard(() -> super.read(buffer, offset, length));
        if (n > 0) {
            crc.update(buffer, offset, n);
            bytes += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // skipped bytes must still be fingerprinted
        byte[] scratch = new byte[8192];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    public long bytesRead() {
        return bytes;
    }

    /** {@code crc32c:<hex>:<length>} of every byte read so far. */
    public String fingerprint() {
        return "crc32c:" + Long.toHexString(crc.getValue()) + ":" + bytes;
    }

    /** The error the underlying stream raised, if any. */
    public IOException failure() {
        return failure;
    }

    private interface Read {
        int run() throws IOException;
    }

    private int guard(Read read) throws IOException {
        try {
            return read.run();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }
}
