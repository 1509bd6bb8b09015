package io.punctual.submit.learn;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The launch overheads Punctual has observed (a reservation's opening to the application's start: YARN scheduling,
 * the ApplicationMaster, the driver JVM), which no event log records. Sizing subtracts their median from the time to
 * the deadline, and a deadline closer than it is refused at once. The median, not a high percentile: when runs that
 * outlived their reservations still held the containers, a tenth of the starts waited minutes for them, and the 90th
 * percentile then refused every later job (decisions.md, issue 24). Run-time quantiles carry the sizing's confidence;
 * a launch's own spread is small.
 *
 * <p>Only launches seen in the last {@link #FRESH} count. A launch time describes the cluster as it is now, and a
 * refused job teaches nothing: when more than half of the recent starts waited for containers held by overrunning
 * runs, the median refused every job with a short deadline, so no start was ever seen again and the estimate stayed
 * there for the rest of the day (RUSH on the SWIM day refused 3,479 of 5,894 jobs so). Forgetting lets it recover.
 * With no fresh launch the older ones still say more than nothing: their median counts, but never more than the
 * estimate before any launch. (Falling back to that default alone refused 134 of the SWIM day's short jobs at
 * Fixed2x after quiet half hours: launches there take 10 s, the default 30 s.)
 */
public final class LaunchOverheads {

    public static final Duration BEFORE_ANY = Duration.ofSeconds(30);
    public static final int KEPT = 50;
    public static final Duration FRESH = Duration.ofMinutes(30);
    static final String NAME = "launch-overheads.txt";
    private static final double PERCENTILE = 0.5;

    /** One observed launch: when it was seen and how long it took. */
    public record Seen(Instant at, Duration overhead) {
    }

    private final RecentLines lines;
    private final Clock clock;

    LaunchOverheads(LearnedTexts texts, Clock clock) {
        this.lines = new RecentLines(texts, NAME, KEPT);
        this.clock = clock;
    }

    /**
     * The median of the fresh overheads seen, or {@link #BEFORE_ANY} when none is. Lines are {@code seenAtMs
     * overheadMs}; a line of one number, written before launches carried their time, is stale.
     */
    Duration estimate() {
        List<Seen> seen = new ArrayList<>();
        for (String line : lines.read()) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length == 2 && fields[0].matches("\\d+") && fields[1].matches("\\d+")) {
                seen.add(new Seen(Instant.ofEpochMilli(Long.parseLong(fields[0])),
                        Duration.ofMillis(Long.parseLong(fields[1]))));
            }
        }
        return estimate(seen, clock.instant(), BEFORE_ANY);
    }

    /**
     * The median of the newest {@value #KEPT} of {@code seen} (oldest first) seen in the {@link #FRESH} before now;
     * when none is that fresh, the smaller of their median and {@code none}; {@code none} when nothing was seen.
     */
    public static Duration estimate(List<Seen> seen, Instant now, Duration none) {
        Instant since = now.minus(FRESH);
        List<Seen> newest = seen.subList(Math.max(0, seen.size() - KEPT), seen.size());
        List<Seen> fresh = newest.stream().filter(s -> !s.at().isBefore(since)).toList();
        if (!fresh.isEmpty()) {
            return median(fresh);
        }
        return newest.isEmpty() ? none : java.util.Collections.min(List.of(median(newest), none));
    }

    private static Duration median(List<Seen> seen) {
        long[] sorted = seen.stream().mapToLong(s -> s.overhead().toMillis()).sorted().toArray();
        int rank = (int) Math.ceil(PERCENTILE * sorted.length) - 1;
        return Duration.ofMillis(sorted[Math.max(0, Math.min(sorted.length - 1, rank))]);
    }

    void record(Duration overhead) {
        if (!overhead.isNegative()) {
            lines.append(clock.millis() + " " + overhead.toMillis());
        }
    }

    @Override
    public String toString() {
        return lines.toString();
    }
}
