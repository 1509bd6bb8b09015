package io.punctual.submit.gateway;

import io.punctual.sizing.bopf.QueueSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When each BoPF queue (a team's batch queue, or one of its latency-sensitive groups) was first seen, kept in a file
 * so the order survives restarts. BoPF admits queues in the order they arrive (paper §3.3): a queue admitted Hard
 * keeps its guarantee whatever arrives later, and a later arrival is judged with every queue already there counted in
 * N. Queues first seen together are ordered teams first, then by name, so the order never depends on the order the
 * configuration files were read in.
 */
final class QueueArrivals {

    private static final Logger LOG = LoggerFactory.getLogger(QueueArrivals.class);

    private final Path file;
    private final Map<String, Long> firstSeen = new LinkedHashMap<>();

    private QueueArrivals(Path file) {
        this.file = file;
    }

    /** Reads what the file holds; a missing or unreadable file starts afresh (every queue arrives now). */
    static QueueArrivals open(Path file) {
        QueueArrivals arrivals = new QueueArrivals(file);
        if (Files.exists(file)) {
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String[] fields = line.split("\t", 2);
                    if (fields.length == 2 && fields[0].matches("\\d{1,19}")) {
                        arrivals.firstSeen.putIfAbsent(fields[1], Long.parseLong(fields[0]));
                    }
                }
            } catch (IOException e) {
                LOG.warn("cannot read the queues' arrival order in {} ({}); every queue counts as arriving now",
                        file, e.getMessage());
            }
        }
        return arrivals;
    }

    /** The queues in the order they arrived; the ones never seen before arrive {@code now} and are remembered. */
    synchronized List<QueueSpec> inArrivalOrder(List<QueueSpec> queues, Instant now) {
        boolean added = false;
        for (QueueSpec queue : queues) {
            added |= firstSeen.putIfAbsent(queue.name(), now.toEpochMilli()) == null;
        }
        if (added) {
            save();
        }
        List<QueueSpec> ordered = new ArrayList<>(queues);
        ordered.sort(Comparator.<QueueSpec>comparingLong(q -> firstSeen.get(q.name()))
                .thenComparing(q -> q.kind() != io.punctual.sizing.bopf.QueueKind.TQ)
                .thenComparing(QueueSpec::name));
        return ordered;
    }

    private void save() {
        StringBuilder text = new StringBuilder();
        firstSeen.forEach((name, at) -> text.append(at).append('\t').append(name).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the queues' arrival order in " + file, e);
        }
    }
}
