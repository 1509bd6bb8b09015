package io.punctual.submit.config;

import io.punctual.sizing.Resources;
import io.punctual.submit.config.ConfigReader.Need;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads one team file. Everything lives under {@code punctual.team}; any key this reader does not ask for is
 * reported as an error by the reader's unknown-key walk.
 */
final class TeamReader {

    static final String ROOT = "punctual.team";
    static final String NAME = ROOT + ".name";
    static final String TOKEN = ROOT + ".token";
    static final String PREVIOUS_TOKEN = ROOT + ".previous-token";
    static final String QUEUE_NAME = ROOT + ".queue.name";
    static final String QUEUE_CAPACITY = ROOT + ".queue.capacity";
    static final String LOCAL_DIRS = ROOT + ".local-dirs";
    static final String PROXY_USERS = ROOT + ".proxy-users";
    static final String RUN_AS = ROOT + ".run-as";
    static final String ALLOWED_SPARK_CONF = ROOT + ".allowed-spark-conf";
    static final String MAX_CONFIDENCE = ROOT + ".max-confidence";

    private static final Pattern USER = Pattern.compile("[^\\s/]+");
    private static final Pattern TOKEN_FORM = Pattern.compile("\\S{" + BearerToken.MIN_LENGTH + ",}");
    private static final Predicate<Duration> WHOLE_SECONDS = d -> d.getNano() == 0 && d.getSeconds() >= 1;
    private static final String SECONDS = "a duration of whole seconds, at least 1s";

    /**
     * What one file said, as far as it could be read: the identity fields feed the checks across teams even when
     * another part of the file is wrong.
     */
    record TeamFile(ConfigReader reader, Optional<String> name, Optional<BearerToken> token,
                    Optional<BearerToken> previousToken, Optional<TeamConfig.Queue> queue,
                    Optional<TeamConfig> team) {
    }

    private TeamReader() {
    }

    /** @param confDir the configuration directory, which relative {@code local-dirs} are read against */
    static TeamFile read(ConfigReader r, String file, Path confDir) {
        int before = r.reported();
        Optional<String> name = r.text(NAME, Need.REQUIRED, SiteReader.QUEUE_NAME,
                "a team name of 1 to 64 letters, digits, '_' or '-'");
        Optional<BearerToken> token = token(r, TOKEN, Need.REQUIRED);
        Optional<BearerToken> previous = token(r, PREVIOUS_TOKEN, Need.OPTIONAL);
        Optional<TeamConfig.Queue> queue = queue(r, name);
        Optional<TeamConfig.SharingLimits> sharing = sharing(r);
        List<TeamConfig.LatencyGroup> groups = groups(r);
        SettingsLayer defaults = LayerReader.read(r, Level.TEAM, ROOT + ".confidence", ROOT, Need.OPTIONAL);
        Map<String, SettingsLayer> jobs = jobs(r);
        TeamConfig.Access access = access(r, confDir);
        r.reportUnknownKeys();
        Optional<TeamConfig> team = Optional.empty();
        if (r.reported() == before) {
            team = Optional.of(new TeamConfig(name.orElseThrow(), token.orElseThrow(), previous, queue.orElseThrow(),
                    sharing, groups, defaults, jobs, file, access));
        }
        return new TeamFile(r, name, token, previous, queue, team);
    }

    /**
     * A team's token. {@code previous-token} is the one being retired during a rotation: both answer until the
     * site drops it, so clients can move to the new one one by one.
     */
    private static Optional<BearerToken> token(ConfigReader r, String key, Need need) {
        return r.secret(key, need, TOKEN_FORM, "a secret of at least " + BearerToken.MIN_LENGTH
                + " characters without spaces").map(BearerToken::of);
    }

    private static Optional<TeamConfig.Queue> queue(ConfigReader r, Optional<String> team) {
        Optional<String> name = r.text(QUEUE_NAME, Need.OPTIONAL, SiteReader.QUEUE_NAME, SiteReader.QUEUE_EXPECTED)
                .or(() -> team);
        Optional<Double> capacity = r.number(QUEUE_CAPACITY, Need.REQUIRED, d -> d > 0 && d <= 100,
                "a percentage of the parent queue in (0, 100]");
        if (capacity.isEmpty()) {
            r.number(ROOT + ".queue.maximum-capacity", Need.OPTIONAL, d -> d > 0 && d <= 100,
                    "a percentage of the parent queue in (0, 100]");
            return Optional.empty();
        }
        double floor = capacity.get();
        Optional<Double> maximum = r.number(ROOT + ".queue.maximum-capacity", Need.OPTIONAL,
                d -> d >= floor && d <= 100, "a percentage in [capacity = " + floor + ", 100]");
        boolean maximumBad = r.has(ROOT + ".queue.maximum-capacity") && maximum.isEmpty();
        if (name.isEmpty() || maximumBad) {
            return Optional.empty();
        }
        return Optional.of(new TeamConfig.Queue(name.get(), floor, maximum.orElse(100.0)));
    }

    private static TeamConfig.Access access(ConfigReader r, Path confDir) {
        List<Path> dirs = new ArrayList<>();
        for (String dir : r.textList(LOCAL_DIRS, Need.OPTIONAL, "a list of directories").orElse(List.of())) {
            if (dir.isBlank()) {
                r.problem(LOCAL_DIRS, "expected directories of the gateway's host, got an empty name");
            } else {
                dirs.add(confDir.toAbsolutePath().resolve(dir).normalize());
            }
        }
        List<String> users = r.textList(PROXY_USERS, Need.OPTIONAL, "a list of user names").orElse(List.of());
        Optional<String> runAs = runAs(r, users);
        List<String> conf = r.has(ALLOWED_SPARK_CONF)
                ? SiteReader.sparkConfPatterns(r, ALLOWED_SPARK_CONF).orElse(List.of()) : List.of();
        Optional<Double> maxConfidence = r.number(MAX_CONFIDENCE, Need.OPTIONAL, d -> d > 0 && d < 1,
                "a confidence in (0, 1): the highest a request's spark.deadline.confidence may be");
        return new TeamConfig.Access(dirs, users, runAs, conf, maxConfidence);
    }

    /**
     * The user a batch runs as when its request names none. It must be one of proxy-users too: the list stays the
     * one place that says whom a team may run as, so narrowing it can never leave a default that escapes it.
     */
    private static Optional<String> runAs(ConfigReader r, List<String> users) {
        Optional<String> runAs = r.text(RUN_AS, Need.OPTIONAL, USER, "a user name without spaces or '/'");
        runAs.filter(user -> !users.contains(user)).ifPresent(user -> r.problem(RUN_AS, "run-as '" + user
                + "' is not in proxy-users; add it to proxy-users (the users the team may run as) or drop run-as"));
        return runAs;
    }

    private static Optional<TeamConfig.SharingLimits> sharing(ConfigReader r) {
        String root = ROOT + ".sharing-policy";
        if (!r.has(root)) {
            return Optional.empty();
        }
        Optional<Double> instantaneous = r.number(root + ".instantaneous-max", Need.REQUIRED,
                d -> d > 0 && d <= 100, "a percentage of the plan in (0, 100]");
        double ceiling = instantaneous.orElse(100.0);
        Optional<Double> average = r.number(root + ".average-max", Need.REQUIRED, d -> d > 0 && d <= ceiling,
                "a percentage in (0, instantaneous-max = " + ceiling + "]");
        Optional<Duration> window = r.duration(root + ".window", Need.REQUIRED, WHOLE_SECONDS, SECONDS + ",");
        if (instantaneous.isEmpty() || average.isEmpty() || window.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TeamConfig.SharingLimits(instantaneous.get(), average.get(), window.get()));
    }

    private static List<TeamConfig.LatencyGroup> groups(ConfigReader r) {
        String root = ROOT + ".latency-sensitive";
        List<TeamConfig.LatencyGroup> groups = new ArrayList<>();
        Map<String, String> groupOfJob = new HashMap<>();
        for (String name : r.names(root, Need.OPTIONAL, "an object of job groups by name")) {
            String prefix = root + "." + ConfigReader.path(name);
            if (!SiteReader.QUEUE_NAME.matcher(name).matches()) {
                r.problem(prefix, "expected a group name of 1 to 64 letters, digits, '_' or '-' (it names a queue)");
            }
            Optional<Duration> period = r.duration(prefix + ".period", Need.REQUIRED, WHOLE_SECONDS, SECONDS + ",");
            Duration ceiling = period.orElse(Duration.ofSeconds(Long.MAX_VALUE));
            Optional<Duration> on = r.duration(prefix + ".on", Need.REQUIRED,
                    WHOLE_SECONDS.and(d -> d.compareTo(ceiling) <= 0),
                    SECONDS + " and at most the period" + period.map(p -> " (" + p.toSeconds() + "s)").orElse("")
                            + ",");
            Optional<Integer> vcores = r.whole(prefix + ".burst.vcores", Need.REQUIRED, 1, Integer.MAX_VALUE);
            Optional<Long> memory = r.memoryMb(prefix + ".burst.memory", Need.REQUIRED);
            List<String> jobs = r.textList(prefix + ".jobs", Need.OPTIONAL, "a list of job keys").orElse(List.of());
            for (String job : jobs) {
                String other = groupOfJob.putIfAbsent(job, name);
                if (other != null) {
                    r.problem(prefix + ".jobs", "job '" + job + "' is already in group '" + other
                            + "'; a job belongs to at most one latency-sensitive group");
                }
            }
            if (period.isPresent() && on.isPresent() && vcores.isPresent() && memory.isPresent()) {
                groups.add(new TeamConfig.LatencyGroup(name, period.get(), on.get(),
                        Resources.of(vcores.get(), memory.get()), jobs));
            }
        }
        return groups;
    }

    private static Map<String, SettingsLayer> jobs(ConfigReader r) {
        String root = ROOT + ".jobs";
        Map<String, SettingsLayer> jobs = new LinkedHashMap<>();
        for (String key : r.names(root, Need.OPTIONAL, "an object of job entries by (quoted) job key")) {
            String prefix = root + "." + ConfigReader.path(key);
            if (key.isBlank()) {
                r.problem(prefix, "expected a job key, got an empty name");
            }
            jobs.put(key, LayerReader.read(r, Level.JOB, prefix + ".confidence", prefix, Need.OPTIONAL));
        }
        return jobs;
    }
}
