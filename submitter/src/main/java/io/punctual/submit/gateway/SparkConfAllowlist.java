package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.config.TeamConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which Spark properties a team's request may set: the site's list and the team's additions, and nothing else. An
 * allowlist rather than Livy's denylist ({@code spark-blacklist.conf}), because a denylist of a system with a
 * thousand properties opens one hole per property it forgot. Some keys stay the site's whatever a list says (they
 * run dependency resolution on the gateway's host, or name directories and class paths of the host or the nodes),
 * and the values of the few keys that carry JVM options or environment variables are read token by token.
 *
 * @param patterns exact property names, or prefixes ending in {@code .*}
 */
record SparkConfAllowlist(String team, List<String> patterns) {

    /** Tags Punctual writes itself: recovery and the reaper trust them, so a request may not. */
    static final List<String> OWN_TAG_PREFIXES = List.of("punctual-");

    /** Never a request's: resolution on the gateway's host, and paths on the host or the nodes. */
    private static final Set<String> SITE_ONLY = Set.of("spark.jars.packages", "spark.jars.repositories",
            "spark.jars.ivy", "spark.jars.ivySettings", "spark.jars.excludes", "spark.yarn.stagingDir",
            "spark.driver.extraClassPath", "spark.executor.extraClassPath", "spark.driver.extraLibraryPath",
            "spark.executor.extraLibraryPath", "spark.yarn.am.extraLibraryPath", "spark.yarn.am.extraJavaOptions",
            "spark.driver.defaultJavaOptions", "spark.executor.defaultJavaOptions");

    /** Keys whose names end in a variable's name: allowed only by exact name, and never with a path in the value. */
    private static final List<String> ENVIRONMENT = List.of("spark.executorEnv.", "spark.yarn.appMasterEnv.");

    /**
     * JVM options a job may tune: {@code -XX:} flags (not the {@code On...} hooks that run commands, nor flags naming
     * files), a thread stack size, verbose GC, and {@code -D} settings. Agents, boot class paths and the like are left
     * out by not being here.
     */
    private static final Pattern JVM_OPTION = Pattern.compile(
            "-XX:[+-]?(?!On)(?![A-Za-z]*(File|Path|Dir|Agent|Command))[A-Za-z0-9]+(=[^\\s]*)?"
                    + "|-Xss[0-9]+[kKmMgG]?|-verbose:(gc|class)|-D[A-Za-z0-9_.\\-]+(=[^\\s]*)?");

    /** A value that names a file or a URI: refused in environment variables and JVM option values. */
    private static final Pattern NAMES_PATH = Pattern.compile(".*([/\\\\]|[A-Za-z][A-Za-z0-9+.-]*:).*");

    static SparkConfAllowlist of(TeamConfig team, SiteConfig.Gateway site) {
        List<String> all = new ArrayList<>(site.allowedSparkConf());
        all.addAll(team.access().sparkConf());
        return new SparkConfAllowlist(team.name(), all);
    }

    /**
     * @param requestConf the Spark properties the request itself sets (not the team's or the site's)
     * @throws RequestRefused naming the first key or value refused, and what the team may do instead
     */
    void check(Map<String, String> requestConf) {
        for (Map.Entry<String, String> entry : requestConf.entrySet()) {
            String key = entry.getKey();
            if (SITE_ONLY.contains(key)) {
                throw refused(key, siteOnlyAdvice(key));
            }
            if (!allowed(key)) {
                throw refused(key, "it is not in the site's list of properties a request may set"
                        + " (punctual.gateway.allowed-spark-conf; a site or team file can add to it with"
                        + " also-allowed-spark-conf / allowed-spark-conf)");
            }
            checkValue(key, entry.getValue() == null ? "" : entry.getValue());
        }
    }

    private boolean allowed(String key) {
        boolean environment = ENVIRONMENT.stream().anyMatch(key::startsWith);
        for (String pattern : patterns) {
            if (pattern.equals(key)) {
                return true;
            }
            if (!environment && pattern.endsWith(".*") && key.startsWith(pattern.substring(0, pattern.length() - 1))) {
                return true;
            }
        }
        return false;
    }

    private void checkValue(String key, String value) {
        if (ENVIRONMENT.stream().anyMatch(key::startsWith) && NAMES_PATH.matcher(value).matches()) {
            throw refused(key, "an environment variable of a batch may not name a path or URI; ship the file with"
                    + " 'files' and refer to it by its name");
        }
        if (key.endsWith(".extraJavaOptions")) {
            for (String option : value.trim().split("\\s+")) {
                if (!option.isEmpty() && (!JVM_OPTION.matcher(option).matches() || optionNamesPath(option))) {
                    throw new RequestRefused("conf '" + key + "': the JVM option '" + option + "' is not one a"
                            + " request may set. Use -XX: tuning flags, -Xss, -verbose:gc or -Dname=value settings"
                            + " that name no path (agents, class paths, error hooks and files are the site's)");
                }
            }
        }
        if (key.equals("spark.yarn.tags")) {
            for (String tag : value.split(",")) {
                if (OWN_TAG_PREFIXES.stream().anyMatch(prefix -> tag.trim().toLowerCase().startsWith(prefix))) {
                    throw new RequestRefused("conf 'spark.yarn.tags': the tag '" + tag.trim() + "' starts with '"
                            + OWN_TAG_PREFIXES.get(0) + "', which Punctual keeps for the tags it sets itself; use"
                            + " another prefix");
                }
            }
        }
    }

    private static boolean optionNamesPath(String option) {
        int equals = option.indexOf('=');
        return equals >= 0 && NAMES_PATH.matcher(option.substring(equals + 1)).matches();
    }

    private static String siteOnlyAdvice(String key) {
        if (key.startsWith("spark.jars.")) {
            return "dependencies are never resolved on the gateway's host for a request; build a jar with its"
                    + " dependencies, or give them as hdfs:// or s3a:// URIs in 'jars'";
        }
        if (key.equals("spark.yarn.stagingDir")) {
            return "the staging directory is the site's; the application's files are staged in its user's home";
        }
        return "class and library paths on the gateway's host or the nodes are the site's; ship jars with 'jars'"
                + " and native libraries with 'files' or 'archives'";
    }

    private RequestRefused refused(String key, String why) {
        return new RequestRefused("conf '" + key + "' may not be set by a request of team " + team + ": " + why);
    }
}
