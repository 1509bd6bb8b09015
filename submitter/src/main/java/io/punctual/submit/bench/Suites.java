package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import io.punctual.workloads.puma.PumaSuite;
import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.tpcds.TpcdsSuite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The suites {@code punctual bench run --suite} knows, by name. */
public final class Suites {

    private static final Map<String, Supplier<BenchSuite>> KNOWN = new LinkedHashMap<>();

    static {
        KNOWN.put("puma", PumaSuite::new);
        KNOWN.put("tpcds", TpcdsSuite::new);
        KNOWN.put("mixed", () -> new CombinedSuite("mixed", List.of(new PumaSuite(), new TpcdsSuite())));
        KNOWN.put("demo", DemoSuite::new);
    }

    private Suites() {
    }

    /** The known suites' names, in the order {@code --help} lists them. */
    public static List<String> names() {
        return List.copyOf(KNOWN.keySet());
    }

    /** @throws InvalidRequest listing the known suites */
    public static BenchSuite lookup(String name) {
        Supplier<BenchSuite> suite = KNOWN.get(name == null ? "" : name.trim());
        if (suite == null) {
            throw new InvalidRequest("unknown suite '" + name + "'; the suites are " + String.join(", ",
                    KNOWN.keySet()));
        }
        try {
            return suite.get();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            throw new InvalidRequest("suite " + name + " cannot be used here: " + e.getMessage());
        }
    }

    /**
     * The jobs to run: every job of the suite when {@code asked} is blank, else the comma-separated ones, checked
     * with the scale by the suite itself.
     *
     * @throws InvalidRequest naming what is unknown and listing what is known
     */
    public static List<String> jobs(BenchSuite suite, String asked, String scale) {
        List<String> jobs = new ArrayList<>();
        if (asked == null || asked.isBlank()) {
            jobs.addAll(suite.jobs());
        } else {
            for (String job : asked.split(",")) {
                if (!job.isBlank() && !jobs.contains(job.trim())) {
                    jobs.add(job.trim());
                }
            }
        }
        try {
            suite.check(jobs, scale);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequest(e.getMessage());
        }
        return List.copyOf(jobs);
    }

    /** The job as rows name it: {@code suite/job} ({@code mixed}'s jobs already are). */
    public static String qualified(BenchSuite suite, String job) {
        return job.contains("/") ? job : suite.name() + "/" + job;
    }
}
