package io.punctual.submit.pipeline;

import io.punctual.yarn.ClusterFiles;
import io.punctual.yarn.GatewayException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Input sizes read from the cluster's file system. Only a cluster file system is asked, never the local disk of the
 * host sizing runs on: on the gateway that disk is shared by every team, and a size is a fact about a file. Each
 * path's size is kept a minute, as a waiting job is sized again at every admission round.
 */
public final class ClusterInputSizes implements InputSizes {

    private static final Duration KEEP = Duration.ofMinutes(1);
    /** Requests name paths, so the sizes kept are bounded: past this many, they are all read again. */
    private static final int MAX_KEPT = 10_000;

    private final Supplier<ClusterFiles> connect;
    private volatile ClusterFiles files;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    private record Kept(Size size, long atNanos) {
    }

    /** @param connect the cluster's file system, asked for when a first path is measured */
    public ClusterInputSizes(Supplier<ClusterFiles> connect) {
        this.connect = connect;
    }

    private ClusterFiles files() {
        if (files == null) {
            files = connect.get();
        }
        return files;
    }

    @Override
    public Size size(String path) {
        long now = System.nanoTime();
        Kept cached = kept.get(path);
        if (cached != null && now - cached.atNanos() < KEEP.toNanos()) {
            return cached.size();
        }
        Size size = read(path);
        if (kept.size() >= MAX_KEPT) {
            kept.clear();
        }
        kept.put(path, new Kept(size, now));
        return size;
    }

    private Size read(String path) {
        try {
            return isLocal(path) ? Size.unread(path + ": a local path (only the cluster's file system is measured)")
                    : Size.of(files().bytesUnder(files().qualify(path)));
        } catch (UncheckedIOException e) {
            return Size.unread(e.getMessage());
        } catch (GatewayException e) {
            return Size.unread(path + ": " + e.getMessage());
        }
    }

    private boolean isLocal(String path) {
        try {
            String scheme = URI.create(path).getScheme();
            return scheme == null ? files().qualify(path).startsWith("file:") : scheme.equals("file")
                    || scheme.equals("local");
        } catch (IllegalArgumentException | UncheckedIOException malformed) {
            return true;
        }
    }
}
