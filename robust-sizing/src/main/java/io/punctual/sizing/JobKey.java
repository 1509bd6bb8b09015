package io.punctual.sizing;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Identity of a recurring job, always within a team: runs with the same key are runs of the same job, and their
 * history sizes its next run. Derived from Spark properties so that a submission and the event log it leaves behind
 * agree on it.
 */
public record JobKey(String team, String name) {

    public static final String EXPLICIT = "spark.deadline.jobKey";
    public static final String TEAM = "spark.deadline.team";
    public static final String DEFAULT_TEAM = "default";

    public JobKey {
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(name, "name");
        if (team.isBlank() || name.isBlank()) {
            throw new IllegalArgumentException("a job key needs a team and a name, got '" + team + "/" + name + "'");
        }
    }

    /**
     * In order: an explicit {@code spark.deadline.jobKey}; the Airflow DAG and task ids an Airflow operator passes
     * ({@code spark.airflow.ctx.dag_id} and {@code task_id}, with or without the {@code spark.} prefix); otherwise
     * the application name and main class.
     */
    public static JobKey from(Map<String, String> sparkProperties, Optional<String> mainClass) {
        String team = nonBlank(sparkProperties.get(TEAM)).orElse(DEFAULT_TEAM);
        Optional<String> explicit = nonBlank(sparkProperties.get(EXPLICIT));
        if (explicit.isPresent()) {
            return new JobKey(team, explicit.get());
        }
        Optional<String> dag = airflow(sparkProperties, "dag_id");
        Optional<String> task = airflow(sparkProperties, "task_id");
        if (dag.isPresent() && task.isPresent()) {
            return new JobKey(team, dag.get() + "." + task.get());
        }
        String app = nonBlank(sparkProperties.get("spark.app.name")).orElse("unnamed");
        return new JobKey(team, mainClass.filter(c -> !c.equals(app)).map(c -> app + "@" + c).orElse(app));
    }

    private static Optional<String> airflow(Map<String, String> props, String field) {
        return nonBlank(props.get("spark.airflow.ctx." + field)).or(() -> nonBlank(props.get("airflow.ctx." + field)));
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    /** Parses the {@code team/name} form {@link #toString()} prints; a bare name belongs to the default team. */
    public static JobKey parse(String text) {
        int slash = text.indexOf('/');
        return slash < 0 ? new JobKey(DEFAULT_TEAM, text) : new JobKey(text.substring(0, slash), text.substring(slash + 1));
    }

    /** A form safe for YARN application tags: lower case, [a-z0-9._-], at most 80 characters. */
    public String slug() {
        String raw = (team + "." + name).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
        return raw.length() <= 80 ? raw : raw.substring(0, 80);
    }

    @Override
    public String toString() {
        return team + "/" + name;
    }
}
