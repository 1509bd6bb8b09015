package io.punctual.history;

import java.util.Objects;

/**
 * The identity of a recurring job, always scoped to a team (DESIGN.md §4): runs with the same key feed one
 * {@code RuntimeModel}. Printed and parsed as {@code team/name}; the name may itself contain slashes.
 */
public record JobKey(String team, String name) implements Comparable<JobKey> {

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

    /** Parses {@code team/name}: everything before the first slash is the team. */
    public static JobKey parse(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("a job key is written team/name (for example analytics/daily-report), got '"
                    + text + "'");
        }
        return new JobKey(text.substring(0, slash), text.substring(slash + 1));
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
