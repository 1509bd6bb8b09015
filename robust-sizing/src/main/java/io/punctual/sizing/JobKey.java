package io.punctual.sizing;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Identity of a recurring job, always within a team (DESIGN.md §4): runs with the same key are runs of the same job,
 * and their history sizes its next run. Derived from Spark properties by one rule, so that a submission and the event
 * log it leaves behind agree on it. Printed and parsed as {@code team/name}; the name may itself contain slashes.
 */
public record JobKey(String team, String name) implements Comparable<JobKey> {

    public static final String EXPLICIT = "spark.deadline.jobKey";
    public static final String TEAM = "spark.deadline.team";
    public static final String QUEUE = "spark.yarn.queue";
    public static final String DEFAULT_TEAM = "default";

    /** Airflow's DAG and task ids, as an operator may pass them (Spark keeps only properties starting "spark."). */
    public static final List<String> DAG_KEYS = List.of("spark.airflow.ctx.dag.dag_id", "airflow.ctx.dag.dag_id",
            "spark.airflow.ctx.dag_id", "airflow.ctx.dag_id");
    public static final List<String> TASK_KEYS = List.of("spark.airflow.ctx.task.task_id", "airflow.ctx.task.task_id",
            "spark.airflow.ctx.task_id", "airflow.ctx.task_id");

    /** YARN's queue for one reservation: {@code reservation_<cluster timestamp>_<sequence>}. */
    private static final Pattern RESERVATION = Pattern.compile("reservation_\\d+_\\d+");
    /** A queue made for one run: its name carries an application id, a UUID or a timestamp. */
    private static final Pattern PER_RUN = Pattern.compile(
            "(?i).*(application_\\d+_\\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\\d{10,}).*");
    /** Suffix of the queue YARN adds under a reservable (plan) queue for apps without a reservation. */
    private static final String PLAN_DEFAULT = "-default";

    public JobKey {
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(name, "name");
        if (team.isBlank() || team.contains("/")) {
            throw new IllegalArgumentException("a team must be a non-empty name without '/', got '" + team + "'");
        }
        if (name.isBlank()) {
            throw new IllegalArgumentException("a job key needs a name, got an empty one for team '" + team + "'");
        }
    }

    /**
     * The rule, in order. Name: an explicit {@code spark.deadline.jobKey}; else the Airflow task
     * ({@code airflow:<dag>.<task>}); else {@code <app name>@<main class>} (just the app name when they are equal or
     * the main class is unknown). Team: {@code spark.deadline.team}; else the YARN queue unless it is
     * {@code default} (a reservation's or one run's queue stands for its plan queue, see {@link #stableTeam});
     * else the user; else {@code default}.
     */
    public static JobKey from(Map<String, String> sparkProperties, String appName, String user,
                              Optional<String> mainClass) {
        return new JobKey(team(sparkProperties, user), name(sparkProperties, appName, mainClass));
    }

    private static String team(Map<String, String> props, String user) {
        Optional<String> explicit = present(props.get(TEAM));
        if (explicit.isPresent()) {
            return clean(explicit.get());
        }
        Optional<String> queue = present(props.get(QUEUE))
                .filter(q -> !q.equals("default") && !q.equals("root.default"));
        if (queue.isPresent()) {
            return stableTeam(clean(queue.get()), user);
        }
        return byUser(user);
    }

    private static String byUser(String user) {
        return present(user).map(JobKey::clean).orElse(DEFAULT_TEAM);
    }

    /**
     * The team a queue stands for across runs. A reservation's queue ({@code reservation_<ts>_<n>}) and a queue made
     * for one run (its name holds an application id, UUID or timestamp) live only as long as that run, so they stand
     * for their parent when the queue is written as a path ({@code root.sla.reservation_1_1} → {@code root.sla}), else
     * for the submitting user; the plan's own default queue {@code <plan>-default} stands for the plan. Any other
     * queue is its own team. Applying it again changes nothing.
     */
    public static String stableTeam(String queue, String user) {
        int dot = queue.lastIndexOf('.');
        String leaf = queue.substring(dot + 1);
        if (RESERVATION.matcher(leaf).matches() || PER_RUN.matcher(leaf).matches()) {
            String parent = dot > 0 ? queue.substring(0, dot) : "";
            return parent.isEmpty() || parent.equals("root") ? byUser(user) : stableTeam(parent, user);
        }
        if (leaf.endsWith(PLAN_DEFAULT) && leaf.length() > PLAN_DEFAULT.length()) {
            return queue.substring(0, queue.length() - PLAN_DEFAULT.length());
        }
        return queue;
    }

    /** This key with its team read by {@link #stableTeam}: how keys stored before that rule are migrated. */
    public JobKey withStableTeam(String user) {
        String stable = stableTeam(team, user);
        return stable.equals(team) ? this : new JobKey(stable, name);
    }

    private static String name(Map<String, String> props, String appName, Optional<String> mainClass) {
        Optional<String> explicit = present(props.get(EXPLICIT));
        if (explicit.isPresent()) {
            return explicit.get();
        }
        Optional<String> dag = first(props, DAG_KEYS);
        Optional<String> task = first(props, TASK_KEYS);
        if (dag.isPresent() && task.isPresent()) {
            return "airflow:" + dag.get() + "." + task.get();
        }
        String app = present(appName).orElse("unnamed");
        return mainClass.flatMap(JobKey::present).filter(c -> !c.equals(app)).map(c -> app + "@" + c).orElse(app);
    }

    private static Optional<String> first(Map<String, String> props, List<String> keys) {
        return keys.stream().map(props::get).map(JobKey::present).flatMap(Optional::stream).findFirst();
    }

    private static Optional<String> present(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    private static String clean(String team) {
        return team.trim().replace('/', '-');
    }

    /** Parses {@code team/name}: everything before the first slash is the team. */
    public static JobKey parse(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("a job key is written team/name (for example analytics/daily-report), got '"
                    + text + "'");
        }
        return new JobKey(text.substring(0, slash), text.substring(slash + 1));
    }

    /** A form safe for YARN application tags: lower case, [a-z0-9._-], at most 80 characters. */
    public String slug() {
        String raw = (team + "." + name).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
        return raw.length() <= 80 ? raw : raw.substring(0, 80);
    }

    @Override
    public int compareTo(JobKey other) {
        int byTeam = team.compareTo(other.team);
        return byTeam != 0 ? byTeam : name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return team + "/" + name;
    }
}
