package io.punctual.submit.config;

/**
 * Where a per-submission setting can come from, highest precedence first: the request wins over the team's entry
 * for that job, which wins over the team's defaults, then the site file, then {@code reference.conf}.
 */
public enum Level {
    REQUEST("request"),
    JOB("team job entry"),
    TEAM("team defaults"),
    SITE("site"),
    REFERENCE("reference");

    private final String label;

    Level(String label) {
        this.label = label;
    }

    /** How {@code explain} names the level. */
    public String label() {
        return label;
    }
}
