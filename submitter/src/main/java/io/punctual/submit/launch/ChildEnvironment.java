package io.punctual.submit.launch;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The environment spark-submit runs with: what Spark and Hadoop need to find Java, the cluster and themselves, and
 * nothing else of the gateway's (its teams' tokens live in its environment, and a child could print them).
 */
public final class ChildEnvironment {

    /** Variables a child keeps by name. */
    private static final Set<String> KEPT = Set.of("PATH", "JAVA_HOME", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL",
            "LC_CTYPE", "TZ", "TMPDIR", "SHELL", "KRB5CCNAME", "KRB5_CONFIG");

    /** Variables a child keeps by prefix: Spark's, Hadoop's and YARN's own settings and launcher handshake. */
    private static final List<String> KEPT_PREFIXES = List.of("SPARK_", "_SPARK_", "HADOOP_", "YARN_");

    private ChildEnvironment() {
    }

    /** Whether a variable of the gateway's environment reaches its children. */
    public static boolean kept(String name) {
        boolean secret = name.endsWith("_TOKEN") || name.endsWith("_SECRET") || name.endsWith("_PASSWORD")
                || name.startsWith("PUNCTUAL_");
        return !secret && (KEPT.contains(name) || KEPT_PREFIXES.stream().anyMatch(name::startsWith));
    }

    /**
     * The entries to hand a launcher that adds to the parent's environment and cannot remove from it (Spark's
     * {@code SparkLauncher}): {@code wanted}, the kept variables as they are, and every other inherited variable
     * blanked, so the name may reach the child but its value does not.
     */
    public static Map<String, String> over(Map<String, String> inherited, Map<String, String> wanted) {
        Map<String, String> env = new LinkedHashMap<>();
        inherited.forEach((name, value) -> env.put(name, kept(name) ? value : ""));
        env.putAll(wanted);
        return env;
    }
}
