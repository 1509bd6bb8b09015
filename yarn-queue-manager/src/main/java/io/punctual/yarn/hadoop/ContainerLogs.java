package io.punctual.yarn.hadoop;

import io.punctual.yarn.AppId;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptReport;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Reads the end of an ApplicationMaster container's log. The RM still names the AM's container in the attempt's
 * report after the application ended; the log itself is read from a NodeManager log directory on this machine (the
 * embedded cluster's nodes, or a node this client runs on: {@code yarn.nodemanager.log-dirs} of the client's
 * configuration), else from the NodeManagers' REST API ({@code /ws/v1/node/containerlogs/<container>/<file>}),
 * which serves it while the NodeManager still holds the application.
 */
final class ContainerLogs {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int SMALL_CLUSTER = 8;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    private final YarnClient client;
    private final List<Path> localLogDirs;

    ContainerLogs(YarnClient client, Configuration conf) {
        this.client = client;
        List<Path> dirs = new ArrayList<>();
        for (String dir : conf.getTrimmedStrings("yarn.nodemanager.log-dirs")) {
            Path path = Path.of(dir.replaceFirst("^file:", ""));
            if (Files.isDirectory(path)) {
                dirs.add(path);
            }
        }
        this.localLogDirs = List.copyOf(dirs);
    }

    Optional<String> amLogTail(AppId id, String file, int bytes) {
        try {
            ApplicationAttemptId attempt = client.getApplicationReport(ApplicationId.fromString(id.value()))
                    .getCurrentApplicationAttemptId();
            if (attempt == null) {
                return Optional.empty();
            }
            ApplicationAttemptReport report = client.getApplicationAttemptReport(attempt);
            if (report.getAMContainerId() == null || file.contains("/")) {
                return Optional.empty();
            }
            String container = report.getAMContainerId().toString();
            for (Path dir : localLogDirs) {
                Path log = dir.resolve(id.value()).resolve(container).resolve(file);
                if (Files.isRegularFile(log)) {
                    return Optional.of(tail(log, bytes));
                }
            }
            String path = "/ws/v1/node/containerlogs/" + container + "/"
                    + URLEncoder.encode(file, StandardCharsets.UTF_8) + "?size=-" + bytes;
            for (String node : candidates(client.getNodeReports(), report.getHost())) {
                Optional<String> text = fetch(URI.create("http://" + node + path), bytes);
                if (text.isPresent()) {
                    return text;
                }
            }
            return Optional.empty();
        } catch (IOException | YarnException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * The NodeManagers' web addresses to ask, the AM's host first. The AM may name itself by another address than its
     * node's (Spark picks a non-loopback one), so on a small cluster the other nodes are asked too: a node that never
     * ran the container answers 404.
     */
    static List<String> candidates(List<NodeReport> nodes, String amHost) {
        List<String> first = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (NodeReport node : nodes) {
            (node.getNodeId().getHost().equals(amHost) ? first : rest).add(node.getHttpAddress());
        }
        if (rest.size() <= SMALL_CLUSTER) {
            first.addAll(rest);
        }
        return first;
    }

    private static String tail(Path log, int bytes) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
            long start = Math.max(0, in.length() - bytes);
            byte[] buffer = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(buffer);
            return new String(buffer, StandardCharsets.UTF_8);
        }
    }

    private static Optional<String> fetch(URI uri, int bytes) throws IOException, InterruptedException {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Accept", "text/plain").GET().build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            return Optional.empty();
        }
        String text = answer.body();
        return Optional.of(text.length() > bytes ? text.substring(text.length() - bytes) : text);
    }
}
