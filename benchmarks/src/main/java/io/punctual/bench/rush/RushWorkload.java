package io.punctual.bench.rush;

import io.punctual.sizing.rush.ConstantUtility;
import io.punctual.sizing.rush.LinearUtility;
import io.punctual.sizing.rush.RushJob;
import io.punctual.sizing.rush.SigmoidUtility;
import io.punctual.sizing.rush.Utility;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded round of active deadline jobs for the RUSH benchmarks. Demands are 60–6,000 container-seconds, tasks
 * hold a container 5–120 s; utilities are 40% linear, 40% sigmoid, 20% constant with weights 1–10. Budgets spread
 * over [now, now + 1.2·H] where H = Σ η / C is the round's makespan, so the cluster is loaded close to its capacity
 * and the bottleneck layers interact.
 */
record RushWorkload(List<RushJob> jobs, int containers, double now) {

    static RushWorkload seeded(int jobCount, int containers, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] demand = new double[jobCount];
        double total = 0;
        for (int i = 0; i < jobCount; i++) {
            demand[i] = 60 + random.nextDouble() * 5940;
            total += demand[i];
        }
        double now = 1_000;
        double horizon = 1.2 * total / containers;
        List<RushJob> jobs = new ArrayList<>(jobCount);
        for (int i = 0; i < jobCount; i++) {
            double slot = 5 + random.nextDouble() * 115;
            jobs.add(new RushJob("job-" + i, demand[i], slot, utility(random, now, horizon)));
        }
        return new RushWorkload(List.copyOf(jobs), containers, now);
    }

    private static Utility utility(SplittableRandom random, double now, double horizon) {
        double weight = 1 + random.nextDouble() * 9;
        double budget = now + random.nextDouble() * horizon;
        double kind = random.nextDouble();
        if (kind < 0.4) {
            // loses its weight over 10%–100% of the horizon
            return new LinearUtility(weight, weight / ((0.1 + 0.9 * random.nextDouble()) * horizon), budget);
        }
        if (kind < 0.8) {
            // falls from 90% to 10% of W over 5%–50% of the horizon: β = 2·ln 9 / width
            return new SigmoidUtility(weight, 2 * Math.log(9) / ((0.05 + 0.45 * random.nextDouble()) * horizon),
                    budget);
        }
        return new ConstantUtility(weight);
    }
}
