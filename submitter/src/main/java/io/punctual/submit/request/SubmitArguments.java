package io.punctual.submit.request;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code punctual submit} command line: every spark-submit option, in the order given, plus Punctual's own.
 * Punctual's inputs are {@code spark.deadline.*} configuration keys so they travel unchanged through Livy and
 * Airflow; the flags {@code --deadline}, {@code --confidence}, {@code --job-key} and {@code --team} are sugar for them.
 *
 * @param sparkOptions    spark-submit options other than {@code --conf}, in order
 * @param conf            every {@code --conf key=value}, the last one of a key winning, as spark-submit does
 * @param primaryResource the application jar or Python file
 * @param appArgs         everything after the primary resource, untouched
 * @param embedded        run against an in-process YARN cluster instead of HADOOP_CONF_DIR's
 */
public record SubmitArguments(
        List<SparkOption> sparkOptions,
        Map<String, String> conf,
        String primaryResource,
        List<String> appArgs,
        boolean embedded) {


    /** spark-submit 3.5's options that take a value. */
    static final Set<String> WITH_VALUE = Set.of("--archives", "--class", "--conf", "--deploy-mode",
            "--driver-class-path", "--driver-cores", "--driver-java-options", "--driver-library-path",
            "--driver-memory", "--exclude-packages", "--executor-cores", "--executor-memory", "--files", "--jars",
            "--keytab", "--kill", "--master", "--name", "--num-executors", "--packages", "--principal",
            "--properties-file", "--proxy-user", "--py-files", "--queue", "--remote", "--repositories", "--status",
            "--total-executor-cores");

    /** spark-submit 3.5's switches. */
    static final Set<String> SWITCHES = Set.of("--help", "--supervise", "--usage-error", "--verbose", "--version");

    private static final Map<String, String> SHORT = Map.of("-c", "--conf", "-h", "--help", "-v", "--verbose");

    private static final Map<String, String> SUGAR = Map.of("--deadline", DeadlineKeys.BY, "--confidence", DeadlineKeys.CONFIDENCE,
            "--job-key", DeadlineKeys.JOB_KEY, "--team", DeadlineKeys.TEAM);

    public SubmitArguments {
        sparkOptions = List.copyOf(sparkOptions);
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
        appArgs = List.copyOf(appArgs);
    }

    /** The value of the last occurrence of a spark-submit option, if given. */
    public Optional<String> option(String name) {
        Optional<String> found = Optional.empty();
        for (SparkOption option : sparkOptions) {
            if (option.name().equals(name)) {
                found = option.value().or(() -> Optional.of(""));
            }
        }
        return found;
    }

    public boolean has(String name) {
        return option(name).isPresent();
    }

    public Optional<String> conf(String key) {
        return Optional.ofNullable(conf.get(key));
    }

    /**
     * Parses a command line the way spark-submit does: options until the first non-option, which is the
     * primary resource; everything after it belongs to the application.
     */
    public static SubmitArguments parse(List<String> args) {
        Parsing parsing = new Parsing(args);
        while (parsing.at < args.size() && args.get(parsing.at).startsWith("-")) {
            parsing.option(args.get(parsing.at));
            parsing.at++;
        }
        int i = parsing.at;
        String primary = i < args.size() ? args.get(i) : null;
        List<String> appArgs = i < args.size() ? args.subList(i + 1, args.size()) : List.of();
        return new SubmitArguments(parsing.options, parsing.conf, primary, appArgs, parsing.embedded);
    }

    /** The state of one parse: what was read so far, and where it stands in the command line. */
    private static final class Parsing {
        private final List<String> args;
        private final List<SparkOption> options = new ArrayList<>();
        private final Map<String, String> conf = new LinkedHashMap<>();
        private boolean embedded;
        private int at;

        Parsing(List<String> args) {
            this.args = args;
        }

        /** Reads the option at {@link #at}, and its value when it takes one (which moves {@link #at} past it). */
        void option(String raw) {
            String name = SHORT.getOrDefault(raw, raw);
            String inline = null;
            int eq = name.indexOf('=');
            if (name.startsWith("--") && eq > 0) {
                inline = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (name.equals("--embedded")) {
                embedded = true;
            } else if (SWITCHES.contains(name)) {
                options.add(SparkOption.flag(name));
            } else if (WITH_VALUE.contains(name) || SUGAR.containsKey(name)) {
                valued(name, inline != null ? inline : next(raw));
            } else {
                throw new InvalidRequest("unknown option " + raw + ": punctual submit takes every spark-submit option"
                        + " plus --deadline, --confidence, --job-key, --team and --embedded; run 'punctual submit --help'");
            }
        }

        private String next(String raw) {
            if (at + 1 >= args.size()) {
                throw new InvalidRequest("option " + raw + " needs a value; run 'punctual submit --help'");
            }
            return args.get(++at);
        }

        private void valued(String name, String value) {
            if (name.equals("--conf")) {
                putConf(conf, value);
            } else if (SUGAR.containsKey(name)) {
                conf.put(SUGAR.get(name), value);
            } else {
                options.add(SparkOption.of(name, value));
            }
        }
    }

    private static void putConf(Map<String, String> conf, String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new InvalidRequest("--conf needs key=value, got '" + pair + "'");
        }
        conf.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
    }
}
