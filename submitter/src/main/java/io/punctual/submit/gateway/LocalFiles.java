package io.punctual.submit.gateway;

import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The files of the gateway's host a team's batch may ship: regular files under the directories its file lists,
 * judged on their real path (symlinks and {@code ..} resolved). Remote URIs are for YARN to fetch and pass. One
 * answer for a missing file and a forbidden one, so a refusal never tells a caller which paths exist.
 */
record LocalFiles(String team, List<Path> allowed) {

    /** Spark properties that name files spark-submit reads on the gateway's host (comma-separated lists). */
    static final List<String> FILE_KEYS = List.of("spark.jars", "spark.files", "spark.archives",
            "spark.submit.pyFiles", "spark.yarn.dist.jars", "spark.yarn.dist.files", "spark.yarn.dist.archives",
            "spark.yarn.jars", "spark.yarn.archive", "spark.yarn.keytab", "spark.kerberos.keytab",
            "spark.jars.ivySettings");

    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");

    static LocalFiles of(TeamConfig team) {
        return new LocalFiles(team.name(), team.access().localDirs());
    }

    /** Checks every file a request names: its Livy fields and the file properties of its own conf. */
    void check(BatchRequest request) {
        checkOne("file", request.file());
        checkAll("jars", request.jars());
        checkAll("pyFiles", request.pyFiles());
        checkAll("files", request.files());
        checkAll("archives", request.archives());
        for (Map.Entry<String, String> entry : request.conf().entrySet()) {
            if (FILE_KEYS.contains(entry.getKey())) {
                checkAll("conf." + entry.getKey(), List.of(entry.getValue()));
            }
        }
    }

    private void checkAll(String field, List<String> values) {
        for (String value : values) {
            for (String one : value.split(",")) {
                if (!one.isBlank()) {
                    checkOne(field, one.trim());
                }
            }
        }
    }

    private void checkOne(String field, String value) {
        String scheme = SCHEME.matcher(value).matches() ? value.substring(0, value.indexOf(':'))
                .toLowerCase(Locale.ROOT) : "";
        // local: names a path on every node, and the embedded cluster's nodes are the gateway's host.
        if (!scheme.isEmpty() && !scheme.equals("file") && !scheme.equals("local")) {
            return;
        }
        Path path = Path.of(scheme.isEmpty() ? value : URI.create(value.replace(" ", "%20")).getPath());
        if (!path.isAbsolute()) {
            throw new InvalidRequest("field '" + field + "' must be an absolute path or a"
                    + " URI (hdfs://, s3a://, https://), got '" + value + "'");
        }
        if (!permitted(path)) {
            throw new RequestRefused("field '" + field + "': '" + value + "' is not a file team " + team
                    + " may ship from the gateway's host. " + (allowed.isEmpty()
                    ? "The team has no local directories (local-dirs in its team file): give an hdfs:// or s3a:// URI"
                    : "Local files must be regular files under its local-dirs " + allowed
                    + "; put it there or give an hdfs:// or s3a:// URI"));
        }
    }

    private boolean permitted(Path path) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException | SecurityException missing) {
            return false;
        }
        if (!Files.isRegularFile(real)) {
            return false;
        }
        for (Path dir : allowed) {
            try {
                if (real.startsWith(dir.toRealPath())) {
                    return true;
                }
            } catch (IOException | SecurityException absent) {
                // a configured directory that does not exist (yet) allows nothing
            }
        }
        return false;
    }
}
