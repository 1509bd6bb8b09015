package io.punctual.simulate.report;

import io.punctual.simulate.engine.RunResult;
import io.punctual.simulate.engine.Utilisation;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The report's charts, drawn with XChart: completion relative to deadline (CDF) and utilisation over time. */
public final class Plots {

    private static final int POINTS = 400;
    /** Utilisation is averaged into this many points, so a day reads as a trend rather than noise. */
    private static final int TREND_POINTS = 120;

    private Plots() {
    }

    /**
     * One CDF per policy of (finish − arrival) / (deadline − arrival) over the jobs that ran to completion: at or below
     * 1 is on time. Dropped and killed jobs are left out (they have no completion), so each curve says how late or
     * early the jobs a policy did finish were.
     */
    public static void completionCdf(List<Curve> runs, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560).title("Completion relative to deadline")
                .xAxisTitle("(finish − arrival) / (deadline − arrival), log scale; 1 is the deadline")
                .yAxisTitle("share of completed jobs").build();
        chart.getStyler().setXAxisLogarithmic(true);
        for (Curve run : runs) {
            if (run.sortedRatios().length > 0) {
                double[][] cdf = cdf(run.sortedRatios());
                chart.addSeries(run.policy(), cdf[0], cdf[1]).setMarker(SeriesMarkers.NONE);
            }
        }
        save(chart, file);
    }

    public static void utilisation(List<Curve> runs, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560).title("Cluster utilisation")
                .xAxisTitle("hours since the trace began").yAxisTitle("share of CPUs allocated").build();
        for (Curve run : runs) {
            double[] series = run.utilisation().series();
            if (series.length == 0) {
                continue;
            }
            int stride = Math.max(1, series.length / TREND_POINTS);
            int n = series.length / stride;
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = i * stride * run.utilisation().bucketSeconds() / 3600;
                y[i] = Arrays.stream(series, i * stride, (i + 1) * stride).average().orElse(0);
            }
            chart.addSeries(run.policy(), x, y).setMarker(SeriesMarkers.NONE);
        }
        save(chart, file);
    }

    /** What the charts keep of a run once its rows are written. */
    public record Curve(String policy, double[] sortedRatios, Utilisation utilisation) {

        public static Curve of(RunResult run) {
            double[] ratios = run.jobs().stream().filter(r -> r.ran() && !r.killed())
                    .mapToDouble(r -> (r.finish() - r.arrival()) / (r.deadline() - r.arrival())).sorted().toArray();
            return new Curve(run.policy(), ratios, run.utilisation());
        }
    }

    private static double[][] cdf(double[] sorted) {
        int n = Math.min(POINTS, sorted.length);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int at = (int) Math.min(sorted.length - 1, Math.round((i + 1) * (double) sorted.length / n) - 1);
            x[i] = sorted[at];
            y[i] = (at + 1) / (double) sorted.length;
        }
        return new double[][] {x, y};
    }

    private static void save(XYChart chart, Path file) throws IOException {
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no data", new double[] {1}, new double[] {0});
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
