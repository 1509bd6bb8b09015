package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.rush.WorstCaseDemand;
import io.punctual.sizing.rush.WorstCaseDemandSearch;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code punctual sizing wcde}: RUSH's worst-case demand estimate for a Gaussian reference, so operators can see what
 * robustness costs: how far η moves above the plain θ-quantile as δ grows.
 */
public final class SizingCommand implements Command {

    static final String USAGE = """
            Usage: punctual sizing wcde --gaussian <mean>,<sd> --theta <θ> --delta <δ> [--bins <n>] [--json]

            RUSH's worst-case demand η: the largest θ-quantile of any distribution within KL divergence δ of the
            Gaussian reference N(mean, sd²), quantized into n bins (default %d). Prints η and the reference's own
            θ-quantile; with --json, {"eta":…, "referenceQuantile":…}.
            """.formatted(GaussianEstimator.DEFAULT_BINS);

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String summary() {
        return "RUSH worst-case demand for a Gaussian reference (what robustness costs)";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        if (argv.isEmpty() || !argv.get(0).equals("wcde")) {
            context.out().print(USAGE);
            return argv.contains("--help") ? 0 : 1;
        }
        Flags flags = Flags.parse(argv.subList(1, argv.size()), Set.of("--gaussian", "--theta", "--delta", "--bins"),
                Set.of("--json", "--help"), "sizing wcde");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        String[] gaussian = flags.value("--gaussian").orElseThrow(() -> new UsageException(
                "--gaussian <mean>,<sd> is required, e.g. --gaussian 3600,600")).split(",");
        if (gaussian.length != 2) {
            throw new UsageException("--gaussian takes <mean>,<sd>, e.g. 3600,600");
        }
        double mean = number(gaussian[0], "--gaussian mean");
        double sd = number(gaussian[1], "--gaussian sd");
        double theta = required(flags, "--theta");
        double delta = required(flags, "--delta");
        int bins = flags.whole("--bins", GaussianEstimator.DEFAULT_BINS);
        WorstCaseDemand demand = WorstCaseDemandSearch.gaussian(mean, sd, theta, delta, bins);
        if (flags.has("--json")) {
            context.out().println(JSON.createObjectNode().put("eta", demand.eta())
                    .put("referenceQuantile", demand.referenceQuantile()));
        } else {
            context.out().printf(Locale.ROOT, "eta (worst-case %s-quantile within KL %s): %.3f%n", theta, delta,
                    demand.eta());
            context.out().printf(Locale.ROOT, "reference %s-quantile: %.3f (robustness adds %.1f%%)%n", theta,
                    demand.referenceQuantile(), 100 * (demand.eta() / demand.referenceQuantile() - 1));
        }
        return 0;
    }

    private static double required(Flags flags, String name) {
        if (flags.value(name).isEmpty()) {
            throw new UsageException(name + " is required; run 'punctual sizing wcde --help'");
        }
        return flags.number(name, Double.NaN);
    }

    private static double number(String text, String what) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(what + " must be a number, got '" + text + "'");
        }
    }
}
