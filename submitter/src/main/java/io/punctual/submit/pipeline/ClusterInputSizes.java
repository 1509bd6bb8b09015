package io.punctual.submit.pipeline;

import io.punctual.yarn.ClusterFiles;
import io.punctual.yarn.GatewayException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    private static final int MAX_KNOWN = 10_000;

    private final Supplier<ClusterFiles> connect;
    private volatile ClusterFiles files;
    private final Map<String, Known> known = new ConcurrentHashMap<>();

    private record Known(long bytes, String failure, long atNanos) {
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
    public Measured measure(List<String> paths) {
        long bytes = 0;
        int read = 0;
        List<String> unread = new ArrayList<>();
        for (String path : paths) {
            Known size = size(path);
            if (size.failure() == null) {
                bytes += size.bytes();
                read++;
            } else {
                unread.add(size.failure());
            }
        }
        return new Measured(bytes, read, unread);
    }

    private Known size(String path) {
        long now = System.nanoTime();
        Known cached = known.get(path);
        if (cached != null && now - cached.atNanos() < KEEP.toNanos()) {
            return cached;
        }
        Known size;
        try {
            size = isLocal(path) ? new Known(0, path + ": a local path (only the cluster's file system is measured)",
                    now) : new Known(files().bytesUnder(files().qualify(path)), null, now);
        } catch (UncheckedIOException | GatewayException e) {
            size = new Known(0, e instanceof GatewayException ? path + ": " + e.getMessage() : e.getMessage(), now);
        }
        if (known.size() >= MAX_KNOWN) {
            known.clear();
        }
        known.put(path, size);
        return size;
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
