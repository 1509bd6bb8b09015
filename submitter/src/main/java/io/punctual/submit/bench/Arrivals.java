package io.punctual.submit.bench;

import io.punctual.simulate.workload.SwimTrace;
import io.punctual.simulate.workload.TraceJob;
import io.punctual.submit.request.InvalidRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * When the benchmark's jobs arrive, the same for every policy: a seeded Poisson process ({@code poisson:<mean gap>}),
 * or the inter-arrival gaps of a SWIM trace replayed from a seeded starting line ({@code swim:<file>}, optionally
 * {@code swim:<file>,speedup=<f>} to compress them). The first job arrives as a policy's run starts; each job arrives
 * once, in a seeded order, with a deadline factor drawn from the mix.
 */
public sealed interface Arrivals {

    /** The spec the command uses when none is given. */
    String DEFAULT = "poisson:20s";

    /** Exponential gaps with this mean. */
    record Poisson(Duration meanGap) implements Arrivals {
        @Override
        public List<Duration> gaps(int count, SplittableRandom random) {
            List<Duration> gaps = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                double seconds = -meanGap.toMillis() / 1000.0 * Math.log(1 - random.nextDouble());
                gaps.add(Duration.ofMillis(Math.round(seconds * 1000)));
            }
            return gaps;
        }
    }

    /** A SWIM trace's gaps, from a seeded line on (wrapping round), divided by {@code speedup}. */
    record Swim(Path file, double speedup) implements Arrivals {
        @Override
        public List<Duration> gaps(int count, SplittableRandom random) {
            List<TraceJob> jobs = SwimTrace.read(file);
            if (jobs.size() < 2) {
                throw new InvalidRequest("--arrivals: trace " + file + " has " + jobs.size() + " job; replaying gaps"
                        + " needs at least 2");
            }
            int start = random.nextInt(jobs.size() - 1);
            List<Duration> gaps = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int at = (start + i) % (jobs.size() - 1);
                double seconds = Math.max(0, jobs.get(at + 1).submitSeconds() - jobs.get(at).submitSeconds());
                gaps.add(Duration.ofMillis(Math.round(seconds * 1000 / speedup)));
            }
            return gaps;
        }
    }

    /** One job's arrival in every policy's run. */
    record Arrival(int index, String job, Duration offset, double factor) {
    }

    /** {@code count} gaps between consecutive arrivals. */
    List<Duration> gaps(int count, SplittableRandom random);

    /** Every job once, in a seeded order, at seeded offsets, with a seeded deadline factor. */
    default List<Arrival> schedule(List<String> jobs, DeadlineMix mix, long seed) {
        List<String> order = new ArrayList<>(jobs);
        Collections.shuffle(order, new Random(seed));
        SplittableRandom root = new SplittableRandom(seed);
        // Separate streams, so that another mix leaves the offsets alone and another trace the factors.
        List<Duration> gaps = gaps(Math.max(0, order.size() - 1), root.split());
        SplittableRandom factors = root.split();
        List<Arrival> arrivals = new ArrayList<>();
        Duration offset = Duration.ZERO;
        for (int i = 0; i < order.size(); i++) {
            if (i > 0) {
                offset = offset.plus(gaps.get(i - 1));
            }
            arrivals.add(new Arrival(i, order.get(i), offset, mix.draw(factors)));
        }
        return List.copyOf(arrivals);
    }

    /** @throws InvalidRequest saying what a spec looks like */
    static Arrivals parse(String spec) {
        String text = spec == null ? "" : spec.trim();
        if (text.startsWith("poisson:")) {
            Duration mean = BenchDurations.parse(text.substring("poisson:".length()), "--arrivals poisson:<mean gap>");
            return new Poisson(mean);
        }
        if (text.startsWith("swim:")) {
            String[] parts = text.substring("swim:".length()).split(",");
            double speedup = 1;
            for (int i = 1; i < parts.length; i++) {
                speedup = speedup(parts[i].trim());
            }
            Path file = Path.of(parts[0].trim());
            if (!file.toFile().isFile()) {
                throw new InvalidRequest("--arrivals: no SWIM trace at " + file + "; give the path of a SWIM .tsv file"
                        + " (for example FB-2009_samples_24_times_1hr_0.tsv from workloadSuite/ of"
                        + " https://github.com/SWIMProjectUCB/SWIM)");
            }
            return new Swim(file.toAbsolutePath(), speedup);
        }
        throw new InvalidRequest("--arrivals must be poisson:<mean gap> (e.g. " + DEFAULT + ") or swim:<trace file>"
                + "[,speedup=<f>], got '" + text + "'");
    }

    private static double speedup(String option) {
        if (option.startsWith("speedup=")) {
            try {
                double value = Double.parseDouble(option.substring("speedup=".length()));
                if (value > 0) {
                    return value;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
        }
        throw new InvalidRequest("--arrivals swim:<file>: the only option is speedup=<number above 0>, got '" + option
                + "'");
    }
}
