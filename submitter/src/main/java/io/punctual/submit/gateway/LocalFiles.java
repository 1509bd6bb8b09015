package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The files a team's batch names, resolved as Livy resolves them and checked against what the team may ship. A path
 * without a scheme must be absolute and means a path on the cluster's default file system ({@code fs.defaultFS}):
 * on an {@code hdfs://} cluster it becomes that URI, for YARN to fetch. A {@code local:} URI names a file on every
 * node and passes as written when only the nodes read it ({@link #onlyNodesRead}). Only a result on the gateway's
 * local file system ({@code file:}, as on the embedded cluster, and a {@code local:} the gateway's host would read)
 * must be a regular file under the directories the team's file lists, judged on its real path (symlinks and
 * {@code ..} resolved), and what ships is the gateway's copy of the file it judged ({@link ShippedCopies}), never the
 * path the caller could swap afterwards. Other URIs pass. One answer for a missing file and a forbidden one, so a
 * refusal never tells a caller which paths exist.
 *
 * @param defaultFs the cluster's {@code fs.defaultFS}
 * @param copies    where the checked files are copied
 * @param driverOnGatewayHost whether the team's driver may run on the gateway's host (a client-mode team)
 */
record LocalFiles(String team, List<Path> allowed, URI defaultFs, ShippedCopies copies, boolean driverOnGatewayHost) {

    /** Spark properties that name files (comma-separated lists). */
    static final List<String> FILE_KEYS = List.of("spark.jars", "spark.files", "spark.archives",
            "spark.submit.pyFiles", "spark.yarn.dist.jars", "spark.yarn.dist.files", "spark.yarn.dist.archives",
            "spark.yarn.jars", "spark.yarn.archive", "spark.yarn.keytab", "spark.kerberos.keytab");

    /** Those spark-submit itself opens on the gateway's host: a path without a scheme there stays a local path. */
    private static final Set<String> HOST_FILE_KEYS = Set.of("spark.yarn.keytab", "spark.kerberos.keytab");

    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");

    static LocalFiles of(TeamConfig team, SiteConfig.Gateway site, URI defaultFs, ShippedCopies copies) {
        return new LocalFiles(team.name(), team.access().localDirs(), defaultFs, copies,
                site.clientModeTeams().contains(team.name()));
    }

    /**
     * The request with every file it names resolved: its Livy fields and the file properties of its own conf. A
     * value that stays on the local file system is kept as written.
     *
     * @throws InvalidRequest naming the field, for a relative path
     * @throws RequestRefused naming the field, for a local file the team may not ship
     */
    BatchRequest resolve(BatchRequest r) {
        Map<String, String> conf = new LinkedHashMap<>(r.conf());
        conf.replaceAll((key, value) -> FILE_KEYS.contains(key)
                ? resolveList("conf." + key, value, !HOST_FILE_KEYS.contains(key)) : value);
        return new BatchRequest(resolveOne("file", r.file(), true), r.className(), r.args(),
                resolveAll("jars", r.jars()), resolveAll("pyFiles", r.pyFiles()), resolveAll("files", r.files()),
                resolveAll("archives", r.archives()), r.driverMemory(), r.driverCores(), r.executorMemory(),
                r.executorCores(), r.numExecutors(), r.queue(), r.name(), conf, r.proxyUser());
    }

    private List<String> resolveAll(String field, List<String> values) {
        return values.stream().map(value -> resolveList(field, value, true)).toList();
    }

    /** One comma-separated list; returned as given when nothing in it changed. */
    private String resolveList(String field, String value, boolean onDefaultFs) {
        List<String> parts = new ArrayList<>();
        boolean changed = false;
        for (String one : value.split(",")) {
            if (one.isBlank()) {
                parts.add(one);
                continue;
            }
            String resolved = resolveOne(field, one.trim(), onDefaultFs);
            changed |= !resolved.equals(one.trim());
            parts.add(resolved);
        }
        return changed ? String.join(",", parts) : value;
    }

    private String resolveOne(String field, String value, boolean onDefaultFs) {
        String scheme = SCHEME.matcher(value).matches() ? value.substring(0, value.indexOf(':'))
                .toLowerCase(Locale.ROOT) : "";
        if (scheme.isEmpty() && onDefaultFs) {
            URI resolved = onDefaultFileSystem(field, value);
            if (!"file".equalsIgnoreCase(resolved.getScheme())) {
                return resolved.toString();
            }
            Path copy = copies.copy(requirePermitted(field, value, Path.of(resolved.getPath())));
            return copy + (resolved.getFragment() == null ? "" : "#" + resolved.getFragment());
        }
        if (scheme.equals("local") && onDefaultFs && onlyNodesRead()) {
            return value;
        }
        if (!scheme.isEmpty() && !scheme.equals("file") && !scheme.equals("local")) {
            return value;
        }
        String local = scheme.isEmpty() ? value : pathOf(field, value);
        Path path = local == null ? null : Path.of(local);
        if (path == null || !path.isAbsolute()) {
            throw new InvalidRequest("field '" + field + "' must be an absolute path or a"
                    + " URI (hdfs://, s3a://, https://), got '" + value + "'");
        }
        Path real = requirePermitted(field, value, path);
        String fragment = value.indexOf('#') < 0 ? "" : value.substring(value.indexOf('#'));
        // local: is checked on the gateway's host, whose files are the embedded cluster's nodes' files: it names the
        // copy too, or a file swapped after the check would be read by the node.
        return (scheme.isEmpty() ? "" : scheme + ":") + copies.copy(real) + fragment;
    }

    /**
     * Whether a {@code local:} file is read only on the cluster's nodes, as Livy takes it: spark-submit neither opens
     * nor uploads it, and the driver runs on a node. Not so where the nodes are the gateway's host (a cluster on the
     * local file system, as the embedded one) or where the team's driver may run on that host (client mode): there
     * {@code local:} would read the gateway's own disk, so it is judged as a local file.
     */
    private boolean onlyNodesRead() {
        return !driverOnGatewayHost && !"file".equalsIgnoreCase(defaultFs.getScheme());
    }

    /** The path of a {@code file:} or {@code local:} URI; null for an opaque one such as {@code local:abc}. */
    private static String pathOf(String field, String value) {
        try {
            return new URI(value.replace(" ", "%20")).getPath();
        } catch (URISyntaxException e) {
            throw new InvalidRequest("field '" + field + "': '" + value + "' is not a valid URI (" + e.getReason()
                    + "); give an absolute path or a URI such as hdfs:///apps/job.jar");
        }
    }

    /** Livy's rule: an absolute path, joined to the default file system; a {@code #name} suffix stays a fragment. */
    private URI onDefaultFileSystem(String field, String value) {
        String path = withoutFragment(value);
        if (!path.startsWith("/")) {
            throw new InvalidRequest("field '" + field + "': '" + value + "' has no scheme, so it is a path on the"
                    + " cluster's default file system (" + defaultFs + "), and such a path must be absolute ('/…');"
                    + " or give a full URI (hdfs://, s3a://, https://)");
        }
        String base = defaultFs.getPath() == null ? "" : defaultFs.getPath().replaceAll("/+$", "");
        String fragment = path.length() == value.length() ? null : value.substring(path.length() + 1);
        try {
            return new URI(defaultFs.getScheme(), defaultFs.getAuthority(), base + path, null, fragment);
        } catch (URISyntaxException e) {
            throw new InvalidRequest("field '" + field + "': '" + value + "' is not a path on " + defaultFs);
        }
    }

    private static String withoutFragment(String value) {
        int hash = value.indexOf('#');
        return hash < 0 ? value : value.substring(0, hash);
    }

    /** @return the file's real path, which is what is shipped */
    private Path requirePermitted(String field, String value, Path path) {
        Optional<Path> real = permitted(path);
        if (real.isEmpty()) {
            throw new RequestRefused("field '" + field + "': '" + value + "' is not a file team " + team
                    + " may ship from the gateway's host. " + (allowed.isEmpty()
                    ? "The team has no local directories (local-dirs in its team file): give an hdfs:// or s3a:// URI"
                    : "Local files must be regular files under its local-dirs " + allowed
                    + "; put it there or give an hdfs:// or s3a:// URI"));
        }
        return real.get();
    }

    private Optional<Path> permitted(Path path) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException | SecurityException missing) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(real, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        for (Path dir : allowed) {
            try {
                if (real.startsWith(dir.toRealPath())) {
                    return Optional.of(real);
                }
            } catch (IOException | SecurityException absent) {
                // a configured directory that does not exist (yet) allows nothing
            }
        }
        return Optional.empty();
    }
}
