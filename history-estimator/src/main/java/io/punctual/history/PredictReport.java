package io.punctual.history;

import io.punctual.sizing.JobKey;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.history.model.DemandDistribution;
import io.punctual.history.model.CountValidation;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.ValidatedCurve;
import io.punctual.history.model.WallTimeQuantiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** {@code punctual history predict <jobKey> --executors N}: a prediction, or why there is none. */
public sealed interface PredictReport permits PredictReport.Prediction, PredictReport.NoModel {

    String toText();

    String toJson();

    /** Demand quantiles in executor-core-seconds: empirical, and from the fit when there is one. */
    record Demand(double p50, double p90, double p95, double p99, Optional<double[]> fitted) {
        static Demand of(DemandDistribution d) {
            Optional<double[]> fit = d.fitted().map(f -> new double[] {f.quantile(0.5), f.quantile(0.9),
                f.quantile(0.95), f.quantile(0.99)});
            return new Demand(d.empiricalQuantile(0.5), d.empiricalQuantile(0.9), d.empiricalQuantile(0.95),
                    d.empiricalQuantile(0.99), fit);
        }
    }

    record Prediction(JobKey jobKey, WallTimeQuantiles wall, Demand demand, List<WallTimeQuantiles> curve,
                      int maxUsefulExecutors, int coresPerExecutor, int trainingRuns, double launchOverheadSeconds,
                      CountValidation validation, Optional<String> caveat)
            implements PredictReport {

        private static final int BAR = 40;

        public Prediction {
            curve = List.copyOf(curve);
        }

        static Prediction of(ValidatedCurve chosen, int executors) {
            RuntimeModel model = chosen.replay();
            List<WallTimeQuantiles> curve = new ArrayList<>();
            for (int n : ladder(executors, model.maxUsefulExecutors())) {
                curve.add(chosen.predict(n));
            }
            return new Prediction(model.jobKey(), chosen.predict(executors), Demand.of(model.demand()), curve,
                    model.maxUsefulExecutors(), model.coresPerExecutor(), model.trainingRuns().size(),
                    model.launchOverhead().toMillis() / 1000.0, chosen.validation(), chosen.caveat(executors));
        }

        /** Executor counts for the chart: powers of two up to past the max useful count, plus N itself. */
        static List<Integer> ladder(int executors, int maxUseful) {
            TreeSet<Integer> counts = new TreeSet<>();
            int top = Math.max(executors, maxUseful);
            for (long n = 1; n <= top; n *= 2) {
                counts.add((int) n);
            }
            counts.add(executors);
            counts.add(maxUseful);
            return List.copyOf(counts);
        }

        @Override
        public String toText() {
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "%s at %d executors (%d cores each), from %d runs:%n", jobKey,
                    wall.executors(), coresPerExecutor, trainingRuns));
            out.append(String.format(Locale.ROOT, "  wall time  p50 %s  p90 %s  p95 %s  p99 %s%s%n",
                    DurationText.of(wall.p50()), DurationText.of(wall.p90()), DurationText.of(wall.p95()),
                    DurationText.of(wall.p99()), launchOverheadSeconds > 0
                            ? String.format(Locale.ROOT, " (incl. %s launch)", DurationText.of(launchOverheadSeconds)) : ""));
            out.append(String.format(Locale.ROOT, "  demand     p50 %.1f  p90 %.1f  p95 %.1f  p99 %.1f executor-core-s%s%n",
                    demand.p50(), demand.p90(), demand.p95(), demand.p99(), demand.fitted().map(f -> String.format(
                            Locale.ROOT, " (fit: %.1f / %.1f / %.1f / %.1f)", f[0], f[1], f[2], f[3])).orElse("")));
            out.append(String.format("  more than %d executors adds nothing (widest stage)%n", maxUsefulExecutors));
            caveat.ifPresent(c -> out.append("  extrapolated: ").append(c).append(System.lineSeparator()));
            out.append(ShowReport.validationText(validation));
            out.append(String.format("%n  executors  p50 (#) to p90 (+)%n"));
            double scale = curve.stream().mapToDouble(WallTimeQuantiles::p90).max().orElse(1);
            for (WallTimeQuantiles point : curve) {
                int p50 = (int) Math.round(BAR * point.p50() / scale);
                int p90 = Math.max(p50, (int) Math.round(BAR * point.p90() / scale));
                out.append(String.format(Locale.ROOT, "  %9d%s %-" + BAR + "s %s .. %s%n", point.executors(),
                        point.executors() == wall.executors() ? "*" : " ", "#".repeat(p50) + "+".repeat(p90 - p50),
                        DurationText.of(point.p50()), DurationText.of(point.p90())));
            }
            return out.toString();
        }

        @Override
        public String toJson() {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ObjectNode root = mapper.createObjectNode().put("jobKey", jobKey.toString())
                    .put("executors", wall.executors()).put("coresPerExecutor", coresPerExecutor)
                    .put("trainingRuns", trainingRuns).put("maxUsefulExecutors", maxUsefulExecutors)
                    .put("launchOverheadSeconds", launchOverheadSeconds)
                    .put("winner", validation.winner()).put("crossValidated", validation.validated());
            if (validation.validated()) {
                root.put("cvMedianError", validation.winning().medianError())
                        .put("baselineCvMedianError", validation.baseline().medianError());
            }
            caveat.ifPresent(c -> root.put("extrapolated", c));
            root.set("wallSeconds", quantiles(mapper, wall));
            ObjectNode d = root.putObject("demandCoreSeconds").put("p50", demand.p50()).put("p90", demand.p90())
                    .put("p95", demand.p95()).put("p99", demand.p99());
            demand.fitted().ifPresent(f -> d.putObject("fitted").put("p50", f[0]).put("p90", f[1]).put("p95", f[2])
                    .put("p99", f[3]));
            ArrayNode points = root.putArray("curve");
            curve.forEach(p -> points.add(quantiles(mapper, p).put("executors", p.executors())));
            try {
                return mapper.writeValueAsString(root);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("cannot render the prediction as JSON", e);
            }
        }

        private static ObjectNode quantiles(ObjectMapper mapper, WallTimeQuantiles q) {
            return mapper.createObjectNode().put("p50", q.p50()).put("p90", q.p90()).put("p95", q.p95()).put("p99", q.p99());
        }
    }

    /** No model for the job key: no runs, or none that may train. */
    record NoModel(JobKey jobKey, String reason) implements PredictReport {
        @Override
        public String toText() {
            return "no prediction for " + jobKey + ": " + reason + System.lineSeparator();
        }

        @Override
        public String toJson() {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            try {
                return mapper.writeValueAsString(mapper.createObjectNode().put("jobKey", jobKey.toString())
                        .put("prediction", (String) null).put("reason", reason));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("cannot render as JSON", e);
            }
        }
    }
}
