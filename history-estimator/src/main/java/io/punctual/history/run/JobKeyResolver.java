package io.punctual.history.run;

import io.punctual.history.JobKey;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names the recurring job a run belongs to (DESIGN.md §4), always within a team:
 * <ol>
 *   <li>name: {@code spark.deadline.jobKey} if set; else the Airflow task, from {@code airflow.ctx.dag.dag_id} +
 *       {@code airflow.ctx.task.task_id} (Airflow's own context names {@code airflow.ctx.dag_id} /
 *       {@code airflow.ctx.task_id} are read too, with or without the {@code spark.} prefix Spark requires for
 *       properties passed through {@code --conf}), written {@code airflow:<dag>.<task>}; else
 *       {@code <app name>@<main class>} (the main class, or the Python/R primary file, from the driver's command).</li>
 *   <li>team: {@code spark.deadline.team}; else the YARN queue ({@code spark.yarn.queue}) unless it is
 *       {@code default}; else the user who ran the application; else {@code default}.</li>
 * </ol>
 */
public final class JobKeyResolver {

    public static final String JOB_KEY = "spark.deadline.jobKey";
    public static final String TEAM = "spark.deadline.team";
    public static final String QUEUE = "spark.yarn.queue";
    private static final List<String> DAG_KEYS = List.of("spark.airflow.ctx.dag.dag_id", "airflow.ctx.dag.dag_id",
            "spark.airflow.ctx.dag_id", "airflow.ctx.dag_id");
    private static final List<String> TASK_KEYS = List.of("spark.airflow.ctx.task.task_id", "airflow.ctx.task.task_id",
            "spark.airflow.ctx.task_id", "airflow.ctx.task_id");
    private static final Set<String> RUNNERS = Set.of("org.apache.spark.deploy.PythonRunner",
            "org.apache.spark.deploy.RRunner");

    private JobKeyResolver() {
    }

    /** The Spark properties the resolver reads; a parser need keep no others for it. */
    public static boolean reads(String property) {
        return property.equals(JOB_KEY) || property.equals(TEAM) || property.equals(QUEUE)
                || DAG_KEYS.contains(property) || TASK_KEYS.contains(property);
    }

    public static JobKey resolve(Map<String, String> sparkProperties, String appName, String user, String javaCommand) {
        return new JobKey(team(sparkProperties, user), name(sparkProperties, appName, javaCommand));
    }

    static String team(Map<String, String> props, String user) {
        String explicit = props.get(TEAM);
        if (present(explicit)) {
            return clean(explicit);
        }
        String queue = props.get(QUEUE);
        if (present(queue) && !queue.equals("default") && !queue.equals("root.default")) {
            return clean(queue);
        }
        return present(user) ? clean(user) : "default";
    }

    static String name(Map<String, String> props, String appName, String javaCommand) {
        String explicit = props.get(JOB_KEY);
        if (present(explicit)) {
            return explicit.trim();
        }
        String dag = first(props, DAG_KEYS);
        String task = first(props, TASK_KEYS);
        if (present(dag) && present(task)) {
            return "airflow:" + dag.trim() + "." + task.trim();
        }
        String app = present(appName) ? appName.trim() : "unnamed";
        String main = mainClass(javaCommand);
        return main.isEmpty() ? app : app + "@" + main;
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

    private static String first(Map<String, String> props, List<String> keys) {
        return keys.stream().map(props::get).filter(JobKeyResolver::present).findFirst().orElse(null);
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static String clean(String team) {
        return team.trim().replace('/', '-');
    }
}
