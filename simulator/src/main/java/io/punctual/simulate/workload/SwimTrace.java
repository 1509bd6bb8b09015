package io.punctual.simulate.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a SWIM workload file (SWIM's synthesised Facebook traces): one job per line, six tab-separated fields — job
 * id, submit time in seconds, gap to the previous job in seconds, input bytes, shuffle bytes, output bytes. Every
 * job is ad hoc (its own key): SWIM keeps no job identity across lines.
 */
public final class SwimTrace {

    private static final String FORMAT = "expected 6 tab-separated fields: job id, submit seconds, gap seconds,"
            + " input bytes, shuffle bytes, output bytes";

    private SwimTrace() {
    }

    public static List<TraceJob> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new TraceException("trace " + file + " is not a readable file; pass a SWIM .tsv file or"
                    + " synthetic:<spec>");
        }
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<TraceJob> jobs = new ArrayList<>();
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.isBlank() && !line.startsWith("#")) {
                    jobs.add(parse(file, number, line));
                }
            }
            if (jobs.isEmpty()) {
                throw new TraceException("trace " + file + " has no jobs (" + FORMAT + ")");
            }
            return jobs;
        } catch (CharacterCodingException notText) {
            throw new TraceException("trace " + file + " is not UTF-8 text; " + FORMAT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file, e);
        }
    }

    static TraceJob parse(Path file, int number, String line) {
        String[] fields = line.split("\t", -1);
        if (fields.length != 6) {
            throw problem(file, number, "has " + fields.length + " field(s); " + FORMAT);
        }
        try {
            String id = fields[0].strip();
            return new TraceJob(id, id, Double.parseDouble(fields[1].strip()), Long.parseLong(fields[3].strip()),
                    Long.parseLong(fields[4].strip()), Long.parseLong(fields[5].strip()));
        } catch (NumberFormatException e) {
            throw problem(file, number, "has a field that is not a number (" + e.getMessage() + "); " + FORMAT);
        } catch (IllegalArgumentException e) {
            throw problem(file, number, e.getMessage());
        }
    }

    private static TraceException problem(Path file, int number, String what) {
        return new TraceException(file + " line " + number + " " + what);
    }
}
