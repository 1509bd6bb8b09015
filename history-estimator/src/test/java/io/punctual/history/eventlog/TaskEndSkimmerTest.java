package io.punctual.history.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.history.SparkEventLogs;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The fast path must agree with Jackson on every task event it accepts, and refuse what it cannot read. */
class TaskEndSkimmerTest {

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final List<String> TASK_ENDS = taskLines("SparkListenerTaskEnd");
    private static final List<String> TASK_STARTS = taskLines("SparkListenerTaskStart");

    @Test
    void agreesWithJacksonOnEveryTaskEndOfSparksOwnLogs() throws IOException {
        assertThat(TASK_ENDS).hasSizeGreaterThan(300);
        int accepted = 0;
        for (String line : TASK_ENDS) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            TaskEndEvent fast = new TaskEndEvent();
            if (new TaskEndSkimmer().taskEnd(bytes, 0, bytes.length, fast)) {
                accepted++;
                assertThat(fast).usingRecursiveComparison().as(line).isEqualTo(jackson(bytes));
            }
        }
        // Spark 1.x/2.x/3.x lines alike are in Spark's compact shape: the fast path takes them all
        assertThat(accepted).isEqualTo(TASK_ENDS.size());
    }

    @Test
    void readsTaskStartsAsJacksonDoes() throws IOException {
        for (String line : TASK_STARTS) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            int[] ids = new int[2];
            assertThat(new TaskEndSkimmer().taskStart(bytes, 0, bytes.length, ids)).isTrue();
            ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(bytes);
            assertThat(ids).containsExactly(tree.path("Stage ID").asInt(), tree.path("Stage Attempt ID").asInt());
        }
    }

    @Property(tries = 1000)
    void neverAcceptsALineCutShort(@ForAll("taskEnds") String line, @ForAll("fractions") double fraction) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        int cut = (int) (bytes.length * fraction);
        assertThat(new TaskEndSkimmer().taskEnd(bytes, 0, cut, new TaskEndEvent())).isFalse();
        assertThat(new TaskEndSkimmer().taskStart(bytes, 0, cut, new int[2])).isFalse();
    }

    /** Reordered fields, pretty printing, odd values: the fast path gives Jackson's answer or declines. */
    @Property(tries = 500)
    void agreesOrDeclinesOnReshapedLines(@ForAll("taskEnds") String line, @ForAll boolean pretty,
                                         @ForAll boolean moveMetricsFirst, @ForAll("reasons") String reason,
                                         @ForAll("numbers") long launch) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode tree = (ObjectNode) mapper.readTree(line);
        ((ObjectNode) tree.get("Task End Reason")).put("Reason", reason);
        ((ObjectNode) tree.get("Task Info")).put("Launch Time", launch);
        if (moveMetricsFirst && tree.has("Task Metrics")) {
            ObjectNode reordered = mapper.createObjectNode();
            reordered.set("Task Metrics", tree.get("Task Metrics"));
            tree.fields().forEachRemaining(f -> reordered.set(f.getKey(), f.getValue()));
            tree = reordered;
        }
        byte[] bytes = (pretty ? mapper.writerWithDefaultPrettyPrinter().writeValueAsString(tree)
                : mapper.writeValueAsString(tree)).getBytes(StandardCharsets.UTF_8);
        TaskEndEvent fast = new TaskEndEvent();
        if (new TaskEndSkimmer().taskEnd(bytes, 0, bytes.length, fast)) {
            assertThat(fast).usingRecursiveComparison().isEqualTo(jackson(bytes));
        }
    }

    @Provide
    Arbitrary<String> taskEnds() {
        return Arbitraries.of(TASK_ENDS);
    }

    @Provide
    Arbitrary<Double> fractions() {
        return Arbitraries.doubles().between(0, 0.9999).ofScale(4);
    }

    @Provide
    Arbitrary<String> reasons() {
        return Arbitraries.oneOf(Arbitraries.of("Success", "ExceptionFailure", "TaskKilled", "Resubmitted"),
                Arbitraries.strings().ofMaxLength(12));
    }

    @Provide
    Arbitrary<Long> numbers() {
        return Arbitraries.longs().between(-5, Long.MAX_VALUE / 2);
    }

    private static TaskEndEvent jackson(byte[] bytes) throws IOException {
        TaskEndEvent e = new TaskEndEvent();
        new EventDecoder(JSON, new RunAssembler()).readTaskEnd(bytes, 0, bytes.length, e);
        return e;
    }

    private static List<String> taskLines(String event) {
        List<String> out = new ArrayList<>();
        for (Path log : SparkEventLogs.allEventLogs()) {
            try {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    if (line.startsWith("{\"Event\":\"" + event + "\"")) {
                        out.add(line);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return out;
    }
}
