package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import java.util.List;
import java.util.Optional;

/**
 * Wall time as a driver term plus executor work that scales as a power of the executor count:
 * {@code T(n) = d + k·n^p} with d, k ≥ 0, fitted by least squares to the runs' wall times. With p fixed at −1 it is
 * Amdahl's law (serial part d, parallel part k); with p free in [−1.5, 1.5] it also fits jobs that slow down as
 * executors are added (p &gt; 0), which on a shared host is a real effect to learn, not noise to smooth away.
 * p is chosen on a grid of {@value #STEP} — precise enough next to run-to-run noise, and always the global optimum.
 */
final class DriverPlusPowerLaw implements CountModel {

    private static final double STEP = 0.05;
    private static final double LIMIT = 1.5;

    private final String name;
    private final Double fixedExponent;

    private DriverPlusPowerLaw(String name, Double fixedExponent) {
        this.name = name;
        this.fixedExponent = fixedExponent;
    }

    /** d + k/n: Amdahl's law. */
    static DriverPlusPowerLaw amdahl() {
        return new DriverPlusPowerLaw("amdahl", -1.0);
    }

    /** d + k·n^p with p fitted. */
    static DriverPlusPowerLaw powerLaw() {
        return new DriverPlusPowerLaw("power law", null);
    }

    @Override
    public String name() {
        return name;
    }

    /** The fitted terms. */
    record Terms(double driver, double scale, double exponent, double squaredError) {
        double at(int executors) {
            return driver + scale * Math.pow(executors, exponent);
        }
    }

    @Override
    public Optional<CountFit> fit(List<RunRecord> runs) {
        long counts = runs.stream().mapToInt(RunRecord::executorsMax).distinct().count();
        int needed = fixedExponent == null ? 3 : 2;
        if (counts < needed) {
            return Optional.empty();
        }
        double[] n = runs.stream().mapToDouble(r -> Math.max(1, r.executorsMax())).toArray();
        double[] y = runs.stream().mapToDouble(CountModel::wallSeconds).toArray();
        Terms best = null;
        if (fixedExponent != null) {
            best = terms(n, y, fixedExponent);
        } else {
            for (double p = -LIMIT; p <= LIMIT + 1e-9; p += STEP) {
                Terms t = terms(n, y, p);
                best = best == null || t.squaredError() < best.squaredError() ? t : best;
            }
        }
        Terms fitted = best;
        return Optional.of(new CountFit(fitted::at, (count, q) -> CountModel.inSampleQuantile(runs, fitted::at, count, q)));
    }

    /** Least squares for d and k at a fixed exponent, with both held non-negative. */
    static Terms terms(double[] n, double[] y, double exponent) {
        int m = n.length;
        double[] x = new double[m];
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < m; i++) {
            x[i] = Math.pow(n[i], exponent);
            meanX += x[i] / m;
            meanY += y[i] / m;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < m; i++) {
            sxy += (x[i] - meanX) * (y[i] - meanY);
            sxx += (x[i] - meanX) * (x[i] - meanX);
        }
        double k = sxx > 0 ? Math.max(0, sxy / sxx) : 0;
        double d = meanY - k * meanX;
        if (d < 0) {
            double xy = 0;
            double xx = 0;
            for (int i = 0; i < m; i++) {
                xy += x[i] * y[i];
                xx += x[i] * x[i];
            }
            d = 0;
            k = xx > 0 ? Math.max(0, xy / xx) : 0;
        }
        double error = 0;
        for (int i = 0; i < m; i++) {
            double r = y[i] - d - k * x[i];
            error += r * r;
        }
        return new Terms(d, k, exponent, error);
    }
}
