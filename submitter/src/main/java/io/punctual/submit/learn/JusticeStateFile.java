package io.punctual.submit.learn;

import io.punctual.sizing.justice.DecodedState;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.justice.JusticeStateCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Justice's learned state on disk, so it survives restarts: written whole to a temporary file, forced to disk and
 * renamed over the old one, under a file lock, so concurrent Punctual processes never lose an update and a crash
 * never leaves half a state. A corrupt file is reported and learning starts over rather than trusting it.
 */
final class JusticeStateFile {

    private static final Logger LOG = LoggerFactory.getLogger(JusticeStateFile.class);

    private final Path file;
    private final Path lock;
    private final ErrorSmoothing smoothing;

    JusticeStateFile(Path dir, ErrorSmoothing smoothing) {
        this.file = dir.resolve("justice.state");
        this.lock = dir.resolve("justice.lock");
        this.smoothing = smoothing;
    }

    JusticeState read() {
        if (!Files.exists(file)) {
            return JusticeState.initial(smoothing);
        }
        try {
            DecodedState decoded = JusticeStateCodec.decode(Files.readString(file));
            if (decoded instanceof DecodedState.Decoded ok) {
                return ok.state().withSmoothing(smoothing);
            }
            LOG.warn("Justice state {} is corrupt ({}); learning starts over", file,
                    ((DecodedState.Corrupt) decoded).reason());
            return JusticeState.initial(smoothing);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Justice's state " + file, e);
        }
    }

    /** Applies {@code change} to the stored state atomically and returns the new state. */
    JusticeState update(UnaryOperator<JusticeState> change) {
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            JusticeState next = change.apply(read());
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                out.write(java.nio.ByteBuffer.wrap(JusticeStateCodec.encode(next).getBytes(
                        java.nio.charset.StandardCharsets.UTF_8)));
                out.force(true);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return next;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write Justice's state " + file, e);
        }
    }
}
