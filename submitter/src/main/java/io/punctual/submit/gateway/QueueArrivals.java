package io.punctual.submit.gateway;

import io.punctual.sizing.bopf.QueueSpec;
import io.punctual.submit.learn.LearnedTexts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When each BoPF queue (a team's batch queue, or one of its latency-sensitive groups) was first seen, kept among the
 * {@link LearnedTexts} so the order survives restarts and is the same for every gateway. BoPF admits queues in the
 * order they arrive (paper §3.3): a queue admitted Hard keeps its guarantee whatever arrives later, and a later
 * arrival is judged with every queue already there counted in N. Queues first seen together are ordered teams first,
 * then by name, so the order never depends on the order the configuration files were read in.
 */
final class QueueArrivals {

    static final String NAME = "queue-arrivals";

    private final LearnedTexts texts;

    QueueArrivals(LearnedTexts texts) {
        this.texts = texts;
    }

    /**
     * The queues in the order they arrived; the ones never seen before arrive {@code now} and are remembered, where
     * every gateway sharing the texts sees them.
     */
    List<QueueSpec> inArrivalOrder(List<QueueSpec> queues, Instant now) {
        Map<String, Long> firstSeen = parse(texts.update(NAME, text -> {
            Map<String, Long> known = parse(text);
            boolean added = false;
            for (QueueSpec queue : queues) {
                added |= known.putIfAbsent(queue.name(), now.toEpochMilli()) == null;
            }
            return added ? Optional.of(format(known)) : text;
        }));
        List<QueueSpec> ordered = new ArrayList<>(queues);
        ordered.sort(Comparator.<QueueSpec>comparingLong(q -> firstSeen.getOrDefault(q.name(), now.toEpochMilli()))
                .thenComparing(q -> q.kind() != io.punctual.sizing.bopf.QueueKind.TQ)
                .thenComparing(QueueSpec::name));
        return ordered;
    }

    /** Lines of {@code firstSeenMs<TAB>queue}; a line that does not read so is skipped. */
    private static Map<String, Long> parse(Optional<String> text) {
        Map<String, Long> firstSeen = new LinkedHashMap<>();
        text.ifPresent(t -> t.lines().forEach(line -> {
            String[] fields = line.split("\t", 2);
            if (fields.length == 2 && fields[0].matches("\\d{1,19}")) {
                firstSeen.putIfAbsent(fields[1], Long.parseLong(fields[0]));
            }
        }));
        return firstSeen;
    }

    private static String format(Map<String, Long> firstSeen) {
        StringBuilder text = new StringBuilder();
        firstSeen.forEach((name, at) -> text.append(at).append('\t').append(name).append('\n'));
        return text.toString();
    }
}
