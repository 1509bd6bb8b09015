package io.punctual.simulate.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A generated trace, written {@code synthetic:jobs=N[,span=S][,keys=K][,recurring=F][,grow=G]}: N jobs arriving as a
 * Poisson process over S seconds (default one day); a share F (default 0.5) are runs of K recurring jobs (default 20)
 * whose input drifts from run to run, the rest ad hoc. Sizes are log-normal around 2 GiB input (the heavy tail SWIM's
 * traces show), so a few jobs are wide and most are small. A share G of the recurring keys (default none) have their
 * input doubled from halfway through the span on: history that no longer predicts the run, which only watching the
 * run can catch (issue 25). Deterministic for a seed; G does not change which jobs arrive when.
 */
public record SyntheticTrace(int jobs, double spanSeconds, int keys, double recurringShare, double growShare) {

    public static final String PREFIX = "synthetic:";
    private static final double MEDIAN_INPUT = 2.0 * (1L << 30);
    private static final String FORMAT = "synthetic:jobs=N[,span=seconds][,keys=K][,recurring=0..1][,grow=0..1]";

    public SyntheticTrace {
        if (jobs < 1) {
            throw new TraceException("a synthetic trace needs jobs ≥ 1, got " + jobs + " (" + FORMAT + ")");
        }
        if (!(spanSeconds > 0) || keys < 1 || !(recurringShare >= 0 && recurringShare <= 1)
                || !(growShare >= 0 && growShare <= 1)) {
            throw new TraceException("a synthetic trace needs span > 0, keys ≥ 1, and recurring and grow in [0, 1] ("
                    + FORMAT + ")");
        }
    }

    public SyntheticTrace(int jobs, double spanSeconds, int keys, double recurringShare) {
        this(jobs, spanSeconds, keys, recurringShare, 0);
    }

    /** Parses what follows {@code synthetic:}. */
    public static SyntheticTrace parse(String spec) {
        SpecFields fields = SpecFields.parse(spec, List.of("jobs", "span", "keys", "recurring", "grow"), FORMAT);
        if (!fields.has("jobs")) {
            throw new TraceException("a synthetic trace needs jobs=N; write " + FORMAT);
        }
        return new SyntheticTrace(fields.whole("jobs", 0), fields.number("span", 86400), fields.whole("keys", 20),
                fields.number("recurring", 0.5), fields.number("grow", 0));
    }

    public List<TraceJob> generate(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] keyInput = new double[keys];
        double[] keyShuffleShare = new double[keys];
        for (int k = 0; k < keys; k++) {
            keyInput[k] = logNormal(random, MEDIAN_INPUT, 1.5);
            keyShuffleShare[k] = random.nextDouble();
        }
        // The first keys grow: keys are drawn at random already, and picking them so leaves every draw as it was.
        int growing = (int) Math.ceil(growShare * keys);
        List<TraceJob> out = new ArrayList<>(jobs);
        double rate = jobs / spanSeconds;
        double now = 0;
        for (int i = 0; i < jobs; i++) {
            now += -Math.log(1 - random.nextDouble()) / rate;
            String id = "job" + i;
            if (random.nextDouble() < recurringShare) {
                int k = random.nextInt(keys);
                double grown = k < growing && now > spanSeconds / 2 ? 2 : 1;
                double input = grown * keyInput[k] * Math.exp(0.15 * gaussian(random));
                out.add(job(id, "recurring" + k, now, input, keyShuffleShare[k]));
            } else {
                out.add(job(id, id, now, logNormal(random, MEDIAN_INPUT, 1.5), random.nextDouble()));
            }
        }
        return out;
    }

    private static TraceJob job(String id, String key, double at, double input, double shuffleShare) {
        long in = Math.max(1, (long) input);
        long shuffle = (long) (in * shuffleShare);
        return new TraceJob(id, key, at, in, shuffle, shuffle / 2);
    }

    private static double logNormal(SplittableRandom random, double median, double sigma) {
        return median * Math.exp(sigma * gaussian(random));
    }

    static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
