package io.punctual.workloads.tpcds;

import io.trino.tpcds.InvalidOptionException;
import io.trino.tpcds.Options;
import java.util.List;

/**
 * A TPC-DS scale by its name on the command line: {@code tiny} (scale factor 0.01, the generator's smallest
 * common size: each query runs in seconds) or {@code sf<N>}, scale factor N (about N GB of raw data; the TPC-DS
 * specification's official sizes are 1, 10, 100, 1000, ...).
 *
 * @param name   the name as given ({@code tiny}, {@code sf1})
 * @param factor the generator's scale factor
 */
public record TpcdsScale(String name, double factor) {

    /** The scales offered by default, smallest first. Any {@code sf<N>} the generator accepts works too. */
    public static final List<String> STANDARD = List.of("tiny", "sf1", "sf10", "sf100", "sf1000");

    private static final double TINY = 0.01;

    /**
     * Parses a scale name and has the generator validate its factor.
     *
     * @throws IllegalArgumentException naming the scale and listing the known ones
     */
    public static TpcdsScale parse(String name) {
        double factor = factorOf(name);
        if (!(factor > 0)) {
            throw new IllegalArgumentException("TPC-DS scale '" + name + "' has scale factor " + factor
                    + "; it must be above 0. Known scales: " + String.join(", ", STANDARD));
        }
        Options options = new Options();
        options.scale = factor;
        try {
            options.toSession();
        } catch (InvalidOptionException e) {
            throw new IllegalArgumentException("the TPC-DS generator refuses scale '" + name + "': "
                    + e.getMessage() + ". Known scales: " + String.join(", ", STANDARD), e);
        }
        return new TpcdsScale(name, factor);
    }

    private static double factorOf(String name) {
        if ("tiny".equals(name)) {
            return TINY;
        }
        if (name != null && name.startsWith("sf")) {
            try {
                return Double.parseDouble(name.substring(2));
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException("unknown TPC-DS scale '" + name + "'; known scales: "
                + String.join(", ", STANDARD) + " (or sf<N> for another scale factor N)");
    }
}
