package io.punctual.history.run;

import io.punctual.sizing.JobKey;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Names the recurring job a run belongs to with the shared rule of {@link JobKey#from} (DESIGN.md §4); what is
 * particular to event logs is finding the user's entry point in the driver's command line.
 */
public final class JobKeyResolver {

    private static final Set<String> RUNNERS = Set.of("org.apache.spark.deploy.PythonRunner",
            "org.apache.spark.deploy.RRunner");

    private JobKeyResolver() {
    }

    /** The Spark properties the resolver reads; a parser need keep no others for it. */
    public static boolean reads(String property) {
        return property.equals(JobKey.EXPLICIT) || property.equals(JobKey.TEAM) || property.equals(JobKey.QUEUE)
                || JobKey.DAG_KEYS.contains(property) || JobKey.TASK_KEYS.contains(property);
    }

    public static JobKey resolve(Map<String, String> sparkProperties, String appName, String user, String javaCommand) {
        String main = mainClass(javaCommand);
        return JobKey.from(sparkProperties, appName, user, main.isEmpty() ? Optional.empty() : Optional.of(main));
    }

    /**
     * The user's entry point in a driver command line: {@code --class}, or for Python/R applications the primary
     * file's name; for a JVM that started Spark itself (no spark-submit), its own main class.
     */
    static String mainClass(String javaCommand) {
        if (!present(javaCommand)) {
            return "";
        }
        String[] tokens = javaCommand.trim().split("\\s+");
        String declared = valueAfter(tokens, "--class");
        if (!declared.isEmpty() && !RUNNERS.contains(declared)) {
            return declared;
        }
        String primary = valueAfter(tokens, "--primary-py-file");
        if (primary.isEmpty()) {
            primary = valueAfter(tokens, "--primary-r-file");
        }
        if (primary.isEmpty()) {
            for (int i = tokens.length - 1; i > 0 && primary.isEmpty(); i--) {
                String t = tokens[i];
                if (t.endsWith(".py") || t.endsWith(".R") || t.endsWith(".r")) {
                    primary = t;
                }
            }
        }
        if (!primary.isEmpty()) {
            Path file = Path.of(primary.replaceFirst("^[a-z]+:/*", "/")).getFileName();
            return file == null ? primary : file.toString();
        }
        String launcher = tokens[0];
        boolean submitted = launcher.startsWith("org.apache.spark.deploy.");
        return submitted ? declared : launcher;
    }

    private static String valueAfter(String[] tokens, String option) {
        for (int i = 0; i < tokens.length - 1; i++) {
            if (tokens[i].equals(option)) {
                return tokens[i + 1];
            }
        }
        return "";
    }


    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

}
