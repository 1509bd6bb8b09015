package io.punctual.submit.pipeline;

import io.punctual.yarn.hadoop.ClusterFiles;
import io.punctual.yarn.GatewayException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Input sizes read from the cluster's file system, as the user the application will run as: sizing can size only
 * what the job could read itself. Only a cluster file system is asked, never the local disk of the host sizing runs
 * on: on the gateway that disk is shared by every team, and a size is a fact about a file. Each path's size is kept a
 * minute, as a waiting job is sized again at every admission round.
 */
public final class ClusterInputSizes implements InputSizes {

    private static final Duration KEEP = Duration.ofMinutes(1);
    /** Requests name paths, so the sizes kept are bounded: past this many, they are all read again. */
    private static final int MAX_KEPT = 10_000;

    /** The file system and the sizes kept, shared by every user's view. */
    private static final class Shared {
        private final Supplier<ClusterFiles> connect;
        private volatile ClusterFiles files;
        private final Map<String, Kept> kept = new ConcurrentHashMap<>();

        Shared(Supplier<ClusterFiles> connect) {
            this.connect = connect;
        }

        ClusterFiles files() {
            if (files == null) {
                files = connect.get();
            }
            return files;
        }
    }

    private record Kept(Size size, long atNanos) {
    }

    private final Shared shared;
    private final Optional<String> user;

    /** @param connect the cluster's file system, asked for when a first path is measured */
    public ClusterInputSizes(Supplier<ClusterFiles> connect) {
        this(new Shared(connect), Optional.empty());
    }

    private ClusterInputSizes(Shared shared, Optional<String> user) {
        this.shared = shared;
        this.user = user;
    }

    @Override
    public InputSizes as(String user) {
        return new ClusterInputSizes(shared, Optional.of(user));
    }

    @Override
    public Size size(String path) {
        long now = System.nanoTime();
        String key = user.orElse("") + "\u0000" + path;
        Kept cached = shared.kept.get(key);
        if (cached != null && now - cached.atNanos() < KEEP.toNanos()) {
            return cached.size();
        }
        Size size = read(path);
        if (shared.kept.size() >= MAX_KEPT) {
            shared.kept.clear();
        }
        shared.kept.put(key, new Kept(size, now));
        return size;
    }

    private Size read(String path) {
        try {
            return isLocal(path) ? Size.unread(path + ": a local path (only the cluster's file system is measured)")
                    : Size.of(shared.files().bytesUnder(shared.files().qualify(path), user));
        } catch (UncheckedIOException e) {
            return Size.unread(e.getMessage());
        } catch (GatewayException e) {
            return Size.unread(path + ": " + e.getMessage());
        }
    }

    private boolean isLocal(String path) {
        try {
            String scheme = URI.create(path).getScheme();
            return scheme == null ? shared.files().qualify(path).startsWith("file:") : scheme.equals("file")
                    || scheme.equals("local");
        } catch (IllegalArgumentException | UncheckedIOException malformed) {
            return true;
        }
    }
}
