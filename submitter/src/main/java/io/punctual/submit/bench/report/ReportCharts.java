package io.punctual.submit.bench.report;

import io.punctual.submit.bench.CoreSpan;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The report's charts (issue 9, item 4), drawn with XChart as PNG bytes: lateness CDF per policy, executor-seconds
 * against the oracle per job, reserved versus used vcores over time, and hit rate and cost week over week. A policy
 * keeps its colour in every chart.
 */
public final class ReportCharts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
            new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};
    private static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
            new float[] {6, 4}, 0);

    private final List<String> policies;

    /** {@code policies} fixes each policy's colour: its index in this list. */
    public ReportCharts(List<String> policies) {
        this.policies = List.copyOf(policies);
    }

    /** One CDF step curve per policy of finishedAt − deadline (seconds) over the jobs that ran to success. */
    public byte[] latenessCdf(Map<String, double[]> latenessByPolicy) {
        XYChart chart = chart("Lateness: finish − deadline", "seconds (≤ 0 is on time)", "share of jobs that succeeded");
        latenessByPolicy.forEach((policy, values) -> {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            if (sorted.length == 0) {
                return;
            }
            double[] y = new double[sorted.length];
            for (int i = 0; i < sorted.length; i++) {
                y[i] = (i + 1) / (double) sorted.length;
            }
            styled(chart.addSeries(policy, sorted, y), policy).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
        });
        reference(chart, "deadline", new double[] {0, 0}, new double[] {0, 1});
        return png(chart);
    }

    /** Each job as a point (oracle, actual executor-seconds) per policy, with the oracle and 1.15× lines. */
    public byte[] costVsOracle(Map<String, double[][]> pointsByPolicy) {
        XYChart chart = chart("Executor-seconds per job against the oracle", "oracle executor-seconds",
                "executor-seconds used");
        double top = 0;
        for (Map.Entry<String, double[][]> e : pointsByPolicy.entrySet()) {
            double[][] xy = e.getValue();
            if (xy[0].length == 0) {
                continue;
            }
            styled(chart.addSeries(e.getKey(), xy[0], xy[1]), e.getKey())
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter).setMarker(SeriesMarkers.CIRCLE);
            top = Math.max(top, Arrays.stream(xy[0]).max().orElse(0));
        }
        if (top > 0) {
            reference(chart, "oracle (1×)", new double[] {0, top}, new double[] {0, top});
            reference(chart, "goal (1.15×)", new double[] {0, top}, new double[] {0, top * GoalVerdict.ORACLE_RATIO_GOAL});
        }
        return png(chart);
    }

    /**
     * Each policy as one point, executor-seconds per met deadline against deadlines met over all jobs, and the
     * baselines' frontier as a dashed line through its points (policies that met nothing have no point).
     */
    public byte[] pareto(List<ParetoFront.Point> points, List<ParetoFront.Point> frontier) {
        XYChart chart = chart("Deadlines met against cost", "executor-seconds per met deadline",
                "deadlines met over all jobs (%)");
        for (ParetoFront.Point p : points) {
            if (Double.isFinite(p.costPerMet())) {
                styled(chart.addSeries(p.policy(), new double[] {p.costPerMet()}, new double[] {p.sdrAll() * 100}),
                        p.policy()).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter)
                        .setMarker(p.policy().startsWith("punctual") ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
            }
        }
        List<ParetoFront.Point> drawn = frontier.stream().filter(p -> Double.isFinite(p.costPerMet())).toList();
        if (drawn.size() > 1) {
            reference(chart, "baselines' frontier", drawn.stream().mapToDouble(ParetoFront.Point::costPerMet).toArray(),
                    drawn.stream().mapToDouble(p -> p.sdrAll() * 100).toArray());
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no policy met a deadline", new double[] {0}, new double[] {0})
                    .setMarker(SeriesMarkers.NONE);
        }
        return png(chart);
    }

    /**
     * One policy's vcores over time, minutes since {@code originMs}: what its reservations held and what its jobs'
     * executors used.
     */
    public byte[] capacity(String policy, List<CoreSpan> reserved, List<CoreSpan> used, long originMs) {
        XYChart chart = chart("Reserved versus used vcores: " + policy, "minutes since the first arrival", "vcores");
        double[][] held = Capacity.steps(reserved, originMs);
        double[][] busy = Capacity.steps(used, originMs);
        if (held[0].length > 0) {
            XYSeries s = chart.addSeries("reserved", held[0], held[1]);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(Color.GRAY);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            s.setFillColor(new Color(200, 200, 200, 140));
        }
        if (busy[0].length > 0) {
            styled(chart.addSeries("used by " + policy + "'s executors", busy[0], busy[1]), policy);
        }
        return png(chart);
    }

    /** One line per policy over the weeks, one category per label; a null value leaves that week out of its line. */
    public byte[] weekly(String title, String yTitle, List<String> labels, Map<String, Double[]> valuesByPolicy) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("week")
                .yAxisTitle(yTitle).build();
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line)
                .setOverlapped(true).setLegendPosition(Styler.LegendPosition.OutsideS)
                .setChartBackgroundColor(Color.WHITE).setPlotBackgroundColor(Color.WHITE).setMarkerSize(7);
        valuesByPolicy.forEach((policy, values) -> {
            if (Arrays.stream(values).anyMatch(v -> v != null)) {
                styled(chart.addSeries(policy, labels, Arrays.asList(values)), policy).setMarker(SeriesMarkers.CIRCLE);
            }
        });
        if (chart.getSeriesMap().isEmpty() && !labels.isEmpty()) {
            chart.addSeries("no data", labels.subList(0, 1), List.of(0.0)).setMarker(SeriesMarkers.NONE);
        }
        return png(chart);
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y)
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(7);
        return chart;
    }

    private <S extends MarkerSeries> S styled(S series, String policy) {
        int index = policies.indexOf(policy);
        Color color = PALETTE[Math.floorMod(index < 0 ? policy.hashCode() : index, PALETTE.length)];
        series.setLineColor(color);
        series.setMarkerColor(color);
        series.setMarker(SeriesMarkers.NONE);
        return series;
    }

    private static void reference(XYChart chart, String name, double[] x, double[] y) {
        XYSeries line = chart.addSeries(name, x, y);
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(Color.DARK_GRAY);
        line.setLineStyle(DASHED);
    }

    private static byte[] png(XYChart chart) {
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no data", new double[] {0}, new double[] {0}).setMarker(SeriesMarkers.NONE);
        }
        return png((Chart<?, ?>) chart);
    }

    private static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot draw the chart '" + chart.getTitle() + "': " + e.getMessage(), e);
        }
    }
}
