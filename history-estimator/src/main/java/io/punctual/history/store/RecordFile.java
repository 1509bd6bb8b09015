package io.punctual.history.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * One record on disk: a header line {@code PUNCTUAL-HISTORY 1 <body bytes> <crc32c>} and the body. Written to a
 * temporary file in the same directory, forced to disk, atomically renamed over the target, and the directory
 * forced too — so after a crash the target holds either the old record or the new one, never a mix. Reading checks
 * the length and checksum, so a file cut short or damaged later is detected rather than loaded.
 */
final class RecordFile {

    static final String MAGIC = "PUNCTUAL-HISTORY";
    static final String TEMP_PREFIX = ".tmp-";
    private static final int VERSION = 1;

    private RecordFile() {
    }

    static void writeAtomically(Path target, byte[] body) throws IOException {
        CRC32C crc = new CRC32C();
        crc.update(body);
        byte[] header = (MAGIC + " " + VERSION + " " + body.length + " " + Long.toHexString(crc.getValue()) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        Path dir = target.getParent();
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "-" + UUID.randomUUID());
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.allocate(header.length + body.length).put(header).put(body).flip();
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.deleteIfExists(temp);
            throw new IOException("the file system under " + dir + " cannot rename atomically; "
                    + "put Punctual's home on a local POSIX file system", e);
        }
        forceDirectory(dir);
    }

    /** The body of a record file; an {@link IOException} says what is wrong with a damaged one. */
    static byte[] read(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        int newline = indexOf(all, (byte) '\n');
        if (newline < 0) {
            throw new IOException("corrupt record: no header line (" + all.length + " bytes)");
        }
        String[] header = new String(all, 0, newline, StandardCharsets.US_ASCII).split(" ");
        if (header.length != 4 || !header[0].equals(MAGIC)) {
            throw new IOException("corrupt record: not a Punctual history record");
        }
        if (!header[1].equals(String.valueOf(VERSION))) {
            throw new IOException("record version " + header[1] + " is not the supported " + VERSION);
        }
        long expected;
        long expectedCrc;
        try {
            expected = Long.parseLong(header[2]);
            expectedCrc = Long.parseLong(header[3], 16);
        } catch (NumberFormatException e) {
            throw new IOException("corrupt record: unreadable header", e);
        }
        byte[] body = Arrays.copyOfRange(all, newline + 1, all.length);
        if (body.length != expected) {
            throw new IOException("corrupt record: expected " + expected + " bytes, found " + body.length
                    + (body.length < expected ? " (cut short)" : ""));
        }
        CRC32C crc = new CRC32C();
        crc.update(body);
        if (crc.getValue() != expectedCrc) {
            throw new IOException("corrupt record: checksum mismatch (the file was damaged after it was written)");
        }
        return body;
    }

    private static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // some platforms cannot open a directory for syncing; the rename itself is still atomic there
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
