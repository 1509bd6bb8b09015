package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How tight the benchmark's deadlines are: each job's deadline is its arrival plus a factor times its isolated
 * runtime, the factor drawn from this mix. Justice (Dimopoulos et al., UCSB tech report 2019-09, §3.1) evaluates
 * with such mixes of tight ({@code 1x}), medium and loose deadlines; {@code 1x:0.3,2x:0.4,4x:0.3} is written the same
 * way here.
 *
 * @param shares the factors with their shares, which add up to 1
 */
public record DeadlineMix(List<Share> shares) {

    /** The mix the command uses when none is given. */
    public static final String DEFAULT = "1x:0.3,2x:0.4,4x:0.3";

    private static final Pattern ENTRY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)x:([0-9]*\\.?[0-9]+)");
    private static final String FORM = "write it as <factor>x:<share> entries separated by commas, shares adding up"
            + " to 1, e.g. " + DEFAULT;

    /** One deadline factor and the share of jobs that draw it. */
    public record Share(double factor, double share) {
    }

    public DeadlineMix {
        shares = List.copyOf(shares);
    }

    /** @throws InvalidRequest saying which entry is wrong and how a mix is written */
    public static DeadlineMix parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidRequest("--deadline-mix is empty; " + FORM);
        }
        List<Share> shares = new ArrayList<>();
        for (String raw : text.split(",")) {
            String entry = raw.trim().toLowerCase(Locale.ROOT);
            Matcher m = ENTRY.matcher(entry);
            if (!m.matches()) {
                throw new InvalidRequest("--deadline-mix: cannot read '" + raw.trim() + "'; " + FORM);
            }
            double factor = Double.parseDouble(m.group(1));
            double share = Double.parseDouble(m.group(2));
            if (factor <= 0 || share <= 0) {
                throw new InvalidRequest("--deadline-mix: '" + raw.trim() + "' needs a factor and a share above 0; "
                        + FORM);
            }
            if (shares.stream().anyMatch(s -> s.factor() == factor)) {
                throw new InvalidRequest("--deadline-mix names " + m.group(1) + "x twice; " + FORM);
            }
            shares.add(new Share(factor, share));
        }
        double total = shares.stream().mapToDouble(Share::share).sum();
        if (Math.abs(total - 1) > 1e-6) {
            throw new InvalidRequest(String.format(Locale.ROOT, "--deadline-mix shares add up to %.3f, not 1; %s",
                    total, FORM));
        }
        return new DeadlineMix(shares);
    }

    /** A factor, each with probability its share. */
    public double draw(SplittableRandom random) {
        double u = random.nextDouble();
        double reach = 0;
        for (Share s : shares) {
            reach += s.share();
            if (u < reach) {
                return s.factor();
            }
        }
        return shares.get(shares.size() - 1).factor();
    }

    @Override
    public String toString() {
        return shares.stream().map(s -> trim(s.factor()) + "x:" + trim(s.share())).collect(Collectors.joining(","));
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
