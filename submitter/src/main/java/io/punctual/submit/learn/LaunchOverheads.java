package io.punctual.submit.learn;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * The launch overheads Punctual has observed (a reservation's opening to the application's start: YARN scheduling,
 * the ApplicationMaster, the driver JVM), which no event log records. Sizing subtracts their median from the time to
 * the deadline, and a deadline closer than it is refused at once. The median, not a high percentile: when runs that
 * outlived their reservations still held the containers, a tenth of the starts waited minutes for them, and the 90th
 * percentile then refused every later job — which, refused, taught nothing new, so it never came down again
 * (decisions.md, issue 24). Run-time quantiles carry the sizing's confidence; a launch's own spread is small.
 */
public final class LaunchOverheads {

    public static final Duration BEFORE_ANY = Duration.ofSeconds(30);
    public static final int KEPT = 50;
    private static final double PERCENTILE = 0.5;

    private final RecentLines lines;

    LaunchOverheads(Path dir) {
        this.lines = new RecentLines(dir.resolve("launch-overheads.txt"), KEPT);
    }

    /** The median of the overheads seen, or 30 s before any was seen. */
    Duration estimate() {
        return estimate(lines.read().stream().filter(l -> l.matches("\\d+")).mapToLong(Long::parseLong).toArray());
    }

    /** The estimate from the newest overheads seen, in milliseconds (only the newest {@value #KEPT} count). */
    public static Duration estimate(long[] newest) {
        long[] seen = Arrays.stream(newest, Math.max(0, newest.length - KEPT), newest.length).sorted().toArray();
        if (seen.length == 0) {
            return BEFORE_ANY;
        }
        int rank = (int) Math.ceil(PERCENTILE * seen.length) - 1;
        return Duration.ofMillis(seen[Math.max(0, Math.min(seen.length - 1, rank))]);
    }

    void record(Duration overhead) {
        if (!overhead.isNegative()) {
            lines.append(Long.toString(overhead.toMillis()));
        }
    }

    @Override
    public String toString() {
        return lines.toString();
    }
}
