package io.punctual.submit.request;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What spark-submit accepts and then ignores on YARN, Punctual accepts and drops too, with spark-submit's warning,
 * before anything is sized or reserved: a {@code --conf} key outside {@code spark.} (spark-submit warns "Ignoring
 * non-Spark config property"), and {@code --total-executor-cores} and {@code --supervise} (standalone and Mesos only).
 * Refusing them would break commands and DAGs that run unchanged under spark-submit.
 */
public final class IgnoredInputs {

    /** spark-submit options that mean nothing on YARN. */
    public static final Set<String> NOT_FOR_YARN = Set.of("--total-executor-cores", "--supervise");

    private IgnoredInputs() {
    }

    /** The arguments without what is ignored, and one warning for each thing dropped. */
    public record Kept(SubmitArguments args, List<String> warnings) {
        public Kept {
            warnings = List.copyOf(warnings);
        }
    }

    public static Kept drop(SubmitArguments args) {
        List<String> warnings = new ArrayList<>();
        List<SparkOption> options = new ArrayList<>();
        for (SparkOption option : args.sparkOptions()) {
            if (NOT_FOR_YARN.contains(option.name())) {
                warnings.add("Warning: ignoring " + option.name() + ", which applies to Spark standalone and Mesos"
                        + " only, not to YARN");
            } else {
                options.add(option);
            }
        }
        Map<String, String> conf = new LinkedHashMap<>(sparkConf(args.conf(), warnings));
        return new Kept(new SubmitArguments(options, conf, args.primaryResource(), args.appArgs(), args.embedded()),
                warnings);
    }

    /** Only {@code spark.} keys, as spark-submit keeps them; a warning for each other key. */
    public static Map<String, String> sparkConf(Map<String, String> conf, List<String> warnings) {
        Map<String, String> kept = new LinkedHashMap<>();
        conf.forEach((key, value) -> {
            if (key.startsWith("spark.")) {
                kept.put(key, value);
            } else {
                warnings.add("Warning: ignoring non-Spark config property: " + key);
            }
        });
        return kept;
    }
}
