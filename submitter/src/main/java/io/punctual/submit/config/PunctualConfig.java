package io.punctual.submit.config;

import io.punctual.sizing.JobKey;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One loaded, fully valid configuration directory: the site settings, every team, and the precedence chain for a
 * submission. Immutable; a reload builds a new one ({@link ConfigSource}).
 */
public final class PunctualConfig {

    private final SiteConfig site;
    private final SettingsLayer siteLevel;
    private final SettingsLayer referenceLevel;
    private final Map<String, TeamConfig> teams;
    private final Map<String, TeamConfig> byTokenDigest;
    private final List<ConfigProblem> warnings;

    /**
     * @param siteLevel      the per-job settings the site file sets
     * @param referenceLevel the per-job settings reference.conf sets (all of them)
     * @throws IllegalArgumentException when two teams share a name or a token (the loader reports these as problems
     *                                  first; this guards direct construction)
     */
    public PunctualConfig(SiteConfig site, SettingsLayer siteLevel, SettingsLayer referenceLevel,
                          List<TeamConfig> teams, List<ConfigProblem> warnings) {
        this.site = Objects.requireNonNull(site, "site");
        this.siteLevel = Objects.requireNonNull(siteLevel, "siteLevel");
        this.referenceLevel = Objects.requireNonNull(referenceLevel, "referenceLevel");
        Map<String, TeamConfig> named = new TreeMap<>();
        Map<String, TeamConfig> tokens = new HashMap<>();
        for (TeamConfig team : teams) {
            if (named.putIfAbsent(team.name(), team) != null) {
                throw new IllegalArgumentException("two teams are named '" + team.name() + "'");
            }
            for (BearerToken token : team.tokens()) {
                if (tokens.putIfAbsent(token.digest(), team) != null) {
                    throw new IllegalArgumentException("teams '" + tokens.get(token.digest()).name() + "' and '"
                            + team.name() + "' share a token");
                }
            }
        }
        this.teams = Collections.unmodifiableMap(named);
        this.byTokenDigest = Map.copyOf(tokens);
        this.warnings = List.copyOf(warnings);
    }

    public SiteConfig site() {
        return site;
    }

    /** Every team by name, in name order. */
    public Map<String, TeamConfig> teams() {
        return teams;
    }

    public Optional<TeamConfig> team(String name) {
        return Optional.ofNullable(teams.get(name));
    }

    /** The team a Bearer token belongs to; empty for an unknown token. */
    public Optional<TeamConfig> teamForToken(String token) {
        return token == null ? Optional.empty() : Optional.ofNullable(byTokenDigest.get(BearerToken.digestOf(token)));
    }

    /** The team an {@code Authorization} header authenticates; empty when it is missing, not Bearer, or unknown. */
    public Optional<TeamConfig> authenticate(String authorizationHeader) {
        return BearerToken.fromAuthorizationHeader(authorizationHeader).flatMap(this::teamForToken);
    }

    /** Things that are valid but probably not meant, e.g. no team files at all. */
    public List<ConfigProblem> warnings() {
        return warnings;
    }

    /**
     * The settings of one submission of {@code job} by its team: request > team job entry > team defaults > site >
     * reference, each value with where it came from.
     *
     * @param requestConf the submission's Spark conf (spark-submit's {@code --conf} and options, or Livy's {@code conf}
     *                    plus its {@code executorMemory} / {@code executorCores} as Spark keys)
     * @throws IllegalArgumentException when the team has no file, or a request value is unusable (the message says
     *                                  which key and what it should be)
     */
    public Settings settingsFor(JobKey job, Map<String, String> requestConf) {
        TeamConfig team = team(job.team()).orElseThrow(() -> new IllegalArgumentException("team '" + job.team()
                + "' has no configuration file; known teams: " + String.join(", ", teams.keySet())));
        return Precedence.resolve(List.of(Precedence.requestLayer(requestConf), team.jobEntry(job.name()),
                team.defaults(), siteLevel, referenceLevel));
    }

    /** {@link #settingsFor(JobKey, Map)} with the team and job key as plain strings. */
    public Settings settingsFor(String team, String jobKey, Map<String, String> requestConf) {
        return settingsFor(new JobKey(team, jobKey), requestConf);
    }

    /** The settings of a submission that belongs to no configured team (e.g. a CLI run): request > site > reference. */
    public Settings siteSettings(Map<String, String> requestConf) {
        return Precedence.resolve(List.of(Precedence.requestLayer(requestConf), siteLevel, referenceLevel));
    }

    /** One line: what was loaded. */
    public String summary() {
        return "site settings and " + teams.size() + (teams.size() == 1 ? " team" : " teams")
                + (teams.isEmpty() ? "" : " (" + String.join(", ", teams.keySet()) + ")");
    }
}
