package io.punctual.simulate.report;

import io.punctual.simulate.engine.JobResult;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/** {@code jobs.csv}: one row per job and policy, in a fixed number format so the same seed gives the same bytes. */
public final class JobsCsv {

    public static final String HEADER = "policy,job,arrival,deadline,admitted,start,finish,metDeadline,cpuSeconds,"
            + "allocatedCpus,dropped,reason,requestedCpus";

    private JobsCsv() {
    }

    public static void header(Writer out) throws IOException {
        out.write(HEADER);
        out.write('\n');
    }

    public static void row(Writer out, JobResult r) throws IOException {
        out.write(String.format(Locale.ROOT, "%s,%s,%.3f,%.3f,%b,%s,%s,%b,%.3f,%.3f,%b,%s,%d%n", quote(r.policy()),
                quote(r.job()), r.arrival(), r.deadline(), r.admitted(), number(r.start()), number(r.finish()),
                r.metDeadline(), r.cpuSeconds(), r.allocatedCpus(), r.dropped(), quote(r.reason()), r.requestedCpus()));
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    /** RFC 4180 quoting, only where a field needs it. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
