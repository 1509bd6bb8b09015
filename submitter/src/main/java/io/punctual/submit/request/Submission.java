package io.punctual.submit.request;

import io.punctual.sizing.JobKey;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One request to run a Spark application by a deadline.
 *
 * @param id          Punctual's id for it, carried as a YARN tag so the application can always be found again
 * @param planQueue   the reservable queue whose plan holds its reservation
 * @param workingDir  where the user ran the command; relative paths resolve against it
 */
public record Submission(
        String id,
        SubmitArguments args,
        JobKey jobKey,
        Instant submittedAt,
        Instant deadline,
        String planQueue,
        Path workingDir) {

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{2,62}");

    public Submission {
        Objects.requireNonNull(args, "args");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("a submission id is 3-63 lower-case letters, digits and dashes, got '"
                    + id + "'");
        }
        // Typed fields are read once here, so a malformed one is refused before anything is recorded or reserved.
        SparkSettings.confidence(SparkSettings.effective(args));
        SparkSettings.executors(SparkSettings.effective(args));
        if (!deadline.isAfter(submittedAt)) {
            throw new IllegalArgumentException("deadline " + deadline + " is not after submission " + submittedAt);
        }
    }

    /** A fresh id: short, lower case (YARN lower-cases tags), unique enough to never collide in practice. */
    public static String newId() {
        return "p" + Long.toString(System.currentTimeMillis(), 36) + "-"
                + Long.toString(java.util.concurrent.ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36)
                .toLowerCase(Locale.ROOT);
    }

    /** θ the submission asks for, if it names one. */
    public Optional<Double> confidence() {
        return SparkSettings.confidence(SparkSettings.effective(args));
    }

    /** The executor count the user fixed, if any: an explicit override of sizing. */
    public Optional<Integer> executors() {
        return SparkSettings.executors(SparkSettings.effective(args));
    }

    /** The YARN tag that marks this submission's application. */
    public String tag() {
        return "punctual-sub-" + id;
    }

    /**
     * The same submission asked to complete by {@code completion} instead of its deadline: what sizing and the
     * reservation see when RUSH's arbitration lets the job finish late. Its outcome is still judged by the deadline.
     */
    public Submission completingBy(Instant completion) {
        return new Submission(id, args, jobKey, submittedAt, completion, planQueue, workingDir);
    }
}
