package io.punctual.bench.bopf;

import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded BoPF queue workloads for the admission benchmarks: a 100,000-vcore / 400 TiB cluster and teams' queues,
 * 85% latency-sensitive (bursting 2–32 vcores at 2–4 GiB per vcore, ON 1–10% of the period), 15% throughput. Half
 * the LQs start on the clock (phase 0, like jobs at the top of the hour), so their bursts pile up and some LQs end
 * up soft; the rest have a random phase. Bursts are small enough that all 20,000 queues pass safety and fairness,
 * so every LQ reaches the resource condition (3), the expensive one.
 */
final class BopfWorkload {

    static final Resources CAPACITY = Resources.of(100_000, 400L * 1024 * 1024);

    /** Periods teams use: a minute up to a day, all dividing 86,400 s. */
    static final long[] HARMONIC = {60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400};
    /** The harmonic ones plus the paper's 110 s and 150 s and a 7-minute one: the hyperperiod grows to 77 days. */
    static final long[] MIXED = {60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 86400, 110, 150, 420};

    /** Stress case: every whole second from 1 min to 1 h, so thousands of mutually non-harmonic periods. */
    static final long[] RANDOM = java.util.stream.LongStream.rangeClosed(60, 3600).toArray();

    private BopfWorkload() {
    }

    static long[] periods(String name) {
        return switch (name) {
            case "harmonic" -> HARMONIC;
            case "mixed" -> MIXED;
            case "random" -> RANDOM;
            default -> throw new IllegalArgumentException("unknown period set '" + name + "': harmonic, mixed or random");
        };
    }

    /** {@code count} queues named {@code prefix}0, {@code prefix}1, ...; TQs only when {@code withThroughput}. */
    static List<QueueSpec> queues(int count, long[] periods, long seed, String prefix, boolean withThroughput) {
        SplittableRandom random = new SplittableRandom(seed);
        List<QueueSpec> queues = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = prefix + i;
            if (withThroughput && random.nextInt(100) < 15) {
                queues.add(QueueSpec.throughput(name));
                continue;
            }
            long period = periods[random.nextInt(periods.length)];
            long on = Math.max(1, Math.round(period * (0.01 + 0.09 * random.nextDouble())));
            long vcores = 2 + random.nextInt(31);
            long memory = vcores * (2048 + random.nextInt(2049));
            long start = random.nextBoolean() ? 0 : random.nextLong(period);
            queues.add(QueueSpec.latencySensitive(name, Resources.of(vcores, memory), on, period, start));
        }
        return queues;
    }
}
