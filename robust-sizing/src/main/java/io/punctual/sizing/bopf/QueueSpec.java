package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.math.BigInteger;
import java.util.Objects;

/**
 * A queue as BoPF sees it (paper §3.1): a latency-sensitive queue (LQ) bursts {@code alpha} for {@code onSeconds}
 * at the start of every period of {@code periodSeconds}, the first period starting at {@code startSeconds}; its ON
 * windows are {@code [start + k·T, start + k·T + t)} for k = 0, 1, ... A throughput queue (TQ) only has a name: its
 * other fields are ignored and may be zero.
 *
 * <p>Times are whole seconds (any unit works as long as every queue and the simulator use the same one).
 */
public record QueueSpec(String name, QueueKind kind, Resources alpha, long onSeconds, long periodSeconds, long startSeconds) {

    /** Upper bound on any time field, about 34,000 years in seconds; keeps every product of two times exact. */
    public static final long MAX_SECONDS = 1L << 40;

    public QueueSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a queue needs a non-blank name");
        }
        Objects.requireNonNull(kind, () -> "queue '" + name + "' needs a kind, LQ or TQ");
        alpha = alpha == null ? Resources.ZERO : alpha;
        if (kind == QueueKind.LQ) {
            validateBurst(name, alpha, onSeconds, periodSeconds, startSeconds);
        } else if (onSeconds < 0 || periodSeconds < 0 || startSeconds < 0) {
            throw new IllegalArgumentException("throughput queue '" + name + "' has a negative time field; "
                    + "a TQ needs none, leave on/period/start at 0");
        }
    }

    private static void validateBurst(String name, Resources alpha, long on, long period, long start) {
        String who = "latency-sensitive queue '" + name + "'";
        if (alpha.isZero()) {
            throw new IllegalArgumentException(who + " has a zero burst alpha; give the vcores and memory one burst needs");
        }
        if (period <= 0 || period > MAX_SECONDS) {
            throw new IllegalArgumentException(who + " has period " + period + " s; it must be in (0, " + MAX_SECONDS + "]");
        }
        if (on <= 0 || on > period) {
            throw new IllegalArgumentException(who + " has ON duration " + on + " s; it must be in (0, period = " + period + "]");
        }
        if (start < 0 || start > MAX_SECONDS) {
            throw new IllegalArgumentException(who + " starts at " + start + " s; it must be in [0, " + MAX_SECONDS + "]");
        }
        if (alpha.memoryMb() > Long.MAX_VALUE / on || alpha.vcores() > Long.MAX_VALUE / on) {
            throw new IllegalArgumentException(who + ": alpha " + alpha + " over " + on + " s overflows a long; "
                    + "use smaller units");
        }
    }

    /** A latency-sensitive queue bursting {@code alpha} for {@code on} seconds every {@code period}, from {@code start}. */
    public static QueueSpec latencySensitive(String name, Resources alpha, long on, long period, long start) {
        return new QueueSpec(name, QueueKind.LQ, alpha, on, period, start);
    }

    /** A throughput queue. */
    public static QueueSpec throughput(String name) {
        return new QueueSpec(name, QueueKind.TQ, Resources.ZERO, 0, 0, 0);
    }

    public boolean isLatencySensitive() {
        return kind == QueueKind.LQ;
    }

    /** True when an LQ is inside one of its ON windows at {@code time}; never for a TQ or before the first period. */
    public boolean isOnAt(long time) {
        return isLatencySensitive() && time >= startSeconds && (time - startSeconds) % periodSeconds < onSeconds;
    }

    /** Start of the period containing {@code time} (an LQ at or after its start). */
    public long periodStartAt(long time) {
        if (!isLatencySensitive() || time < startSeconds) {
            throw new IllegalArgumentException("queue '" + name + "' has no period at " + time + " s");
        }
        return time - (time - startSeconds) % periodSeconds;
    }

    /** The resource-seconds of one burst, α·t. */
    public Resources burstVolume() {
        return alpha.times(onSeconds);
    }

    /**
     * The largest M with α·t ≤ C·T/M in every resource, i.e. how many admitted queues (counting this one) its
     * burst stays within the long-term fair share C·T/M. Conditions (1) and (2) both read "N + 1 ≤ this".
     * {@link Long#MAX_VALUE} when the burst is empty.
     */
    public long fairShareLimit(Resources capacity) {
        long byMemory = fairCount(capacity.memoryMb(), alpha.memoryMb());
        long byCores = fairCount(capacity.vcores(), alpha.vcores());
        return Math.min(byMemory, byCores);
    }

    private long fairCount(long capacity, long burst) {
        if (burst == 0 || onSeconds == 0) {
            return Long.MAX_VALUE;
        }
        // burst·on fits a long (checked at construction); capacity·period may not.
        if (Math.multiplyHigh(capacity, periodSeconds) == 0 && capacity * periodSeconds >= 0) {
            return (capacity * periodSeconds) / (burst * onSeconds);
        }
        BigInteger count = BigInteger.valueOf(capacity).multiply(BigInteger.valueOf(periodSeconds))
                .divide(BigInteger.valueOf(burst).multiply(BigInteger.valueOf(onSeconds)));
        return count.bitLength() < 63 ? count.longValue() : Long.MAX_VALUE;
    }
}
