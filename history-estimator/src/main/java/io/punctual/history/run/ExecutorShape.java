package io.punctual.history.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How big a run's executors were, from its Spark properties and the executors it reported. */
public final class ExecutorShape {

    private static final Pattern LOCAL_MASTER = Pattern.compile("local\\[(\\d+)(,\\d+)?]");

    private ExecutorShape() {
    }

    /**
     * {@code spark.executor.cores}; else the most common core count the executors reported (the driver's own in
     * local mode, where it is the only executor); else N of a {@code local[N]} master; else 1.
     */
    public static int coresPerExecutor(Map<String, String> sparkProperties, List<ExecutorSpan> executors) {
        int configured = positive(sparkProperties.get("spark.executor.cores"), 0);
        if (configured > 0) {
            return configured;
        }
        Map<Integer, Integer> counts = new HashMap<>();
        executors.stream().filter(e -> !e.executorId().equals("driver") && e.cores() > 0)
                .forEach(e -> counts.merge(e.cores(), 1, Integer::sum));
        Optional<Integer> mode = counts.entrySet().stream()
                .max(Map.Entry.<Integer, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey);
        if (mode.isPresent()) {
            return mode.get();
        }
        Optional<Integer> driver = executors.stream().filter(e -> e.executorId().equals("driver") && e.cores() > 0)
                .map(ExecutorSpan::cores).findFirst();
        if (driver.isPresent()) {
            return driver.get();
        }
        String master = sparkProperties.get("spark.master");
        Matcher local = LOCAL_MASTER.matcher(master == null ? "" : master);
        return local.matches() ? Math.max(1, Integer.parseInt(local.group(1))) : 1;
    }

    /** {@code spark.task.cpus}: the cores one task holds (1 unless configured). */
    public static int taskCpus(Map<String, String> sparkProperties) {
        return positive(sparkProperties.get("spark.task.cpus"), 1);
    }

    private static int positive(String text, int fallback) {
        try {
            int value = text == null ? fallback : Integer.parseInt(text.trim());
            return value > 0 ? value : fallback;
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
