package io.punctual.bench.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A large, valid event log made by expanding a real one: the template's header (log start, environment,
 * application start, executors) once, then its jobs block (first job start to last job end) repeated with job,
 * stage, task and SQL execution ids renumbered and every timestamp shifted past the previous copy, then its
 * application end. The result is what Spark would have logged had the application run its jobs that many times;
 * both Spark's replay and our parser accept it.
 *
 * <p>Run as a program to write one: {@code SyntheticEventLog <template> <out> <target bytes>}.
 */
public final class SyntheticEventLog {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TIME_FIELDS = Set.of("Timestamp", "Submission Time", "Completion Time",
            "Launch Time", "Finish Time", "time");
    private static final Set<String> STAGE_ID_LISTS = Set.of("Stage IDs", "Parent IDs");

    private SyntheticEventLog() {
    }

    /** What was written. */
    public record Written(Path path, long bytes, long tasks, int copies) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: SyntheticEventLog <template event log> <output file> <target bytes>");
            System.exit(2);
        }
        Written w = write(Path.of(args[0]), Path.of(args[1]), Long.parseLong(args[2]));
        System.out.printf("wrote %s: %,d bytes, %,d tasks, %d copies of the template's jobs%n", w.path(), w.bytes(),
                w.tasks(), w.copies());
    }

    /** Writes an expansion of {@code template} of about {@code targetBytes} to {@code out} (reused if present). */
    public static Written write(Path template, Path out, long targetBytes) throws IOException {
        List<String> lines = Files.readAllLines(template, StandardCharsets.UTF_8);
        int firstJob = indexOf(lines, "SparkListenerJobStart", true);
        int lastJob = indexOf(lines, "SparkListenerJobEnd", false);
        List<String> head = lines.subList(0, firstJob);
        List<JsonNode> block = new ArrayList<>();
        for (String line : lines.subList(firstJob, lastJob + 1)) {
            block.add(MAPPER.readTree(line));
        }
        List<String> tail = lines.subList(lastJob + 1, lines.size());
        Span span = Span.of(block);
        long blockBytes = lines.subList(firstJob, lastJob + 1).stream().mapToLong(l -> l.length() + 1L).sum();
        int copies = (int) Math.max(1, (targetBytes - bytes(head) - bytes(tail)) / blockBytes);
        if (Files.exists(out) && Math.abs(Files.size(out) - targetBytes) < blockBytes * 2) {
            return new Written(out, Files.size(out), span.tasks * copies, copies);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Path temp = out.resolveSibling(out.getFileName() + ".partial");
        writeExpansion(temp, head, block, tail, span, copies);
        Files.move(temp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return new Written(out, Files.size(out), span.tasks * copies, copies);
    }

    private static void writeExpansion(Path temp, List<String> head, List<JsonNode> block, List<String> tail, Span span,
                                       int copies) throws IOException {
        try (BufferedWriter writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            for (String line : head) {
                writer.write(line);
                writer.newLine();
            }
            for (int copy = 0; copy < copies; copy++) {
                for (JsonNode event : block) {
                    JsonNode shifted = event.deepCopy();
                    span.shift(shifted, copy);
                    writer.write(MAPPER.writeValueAsString(shifted));
                    writer.newLine();
                }
            }
            for (String line : tail) {
                JsonNode shifted = MAPPER.readTree(line);
                span.shiftTime(shifted, copies - 1);
                writer.write(MAPPER.writeValueAsString(shifted));
                writer.newLine();
            }
        }
    }

    /** How far ids and times move from one copy of the jobs block to the next. */
    private static final class Span {
        long jobs;
        long stages;
        long tasks;
        long taskIds;
        long executions;
        long millis;

        static Span of(List<JsonNode> block) {
            Span s = new Span();
            long minTime = Long.MAX_VALUE;
            long maxTime = Long.MIN_VALUE;
            long maxJob = -1;
            long maxStage = -1;
            long maxTask = -1;
            long maxExecution = -1;
            for (JsonNode e : block) {
                for (Map.Entry<String, Long> f : numbers(e)) {
                    long v = f.getValue();
                    switch (f.getKey()) {
                        case "Job ID" -> maxJob = Math.max(maxJob, v);
                        case "Stage ID" -> maxStage = Math.max(maxStage, v);
                        case "Task ID" -> maxTask = Math.max(maxTask, v);
                        case "executionId" -> maxExecution = Math.max(maxExecution, v);
                        default -> {
                            if (TIME_FIELDS.contains(f.getKey()) && v > 0) {
                                minTime = Math.min(minTime, v);
                                maxTime = Math.max(maxTime, v);
                            }
                        }
                    }
                }
                if (e.path("Event").asText().equals("SparkListenerTaskEnd")) {
                    s.tasks++;
                }
            }
            s.jobs = maxJob + 1;
            s.stages = maxStage + 1;
            s.executions = maxExecution + 1;
            s.millis = maxTime - minTime + 1000;
            s.taskIds = maxTask + 1;
            return s;
        }

        void shift(JsonNode node, int copy) {
            if (node.isObject()) {
                ObjectNode o = (ObjectNode) node;
                Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
                List<String> names = new ArrayList<>();
                fields.forEachRemaining(f -> names.add(f.getKey()));
                for (String name : names) {
                    JsonNode v = o.get(name);
                    if (v.isIntegralNumber()) {
                        o.set(name, shifted(name, v, copy));
                    } else if (STAGE_ID_LISTS.contains(name) && v.isArray()) {
                        ArrayNode ids = (ArrayNode) v;
                        for (int i = 0; i < ids.size(); i++) {
                            ids.set(i, IntNode.valueOf((int) (ids.get(i).asLong() + copy * stages)));
                        }
                    } else if (v.isContainerNode()) {
                        shift(v, copy);
                    }
                }
            } else if (node.isArray()) {
                node.forEach(child -> shift(child, copy));
            }
        }

        void shiftTime(JsonNode node, int copy) {
            if (node.isObject()) {
                ObjectNode o = (ObjectNode) node;
                for (String name : TIME_FIELDS) {
                    if (o.has(name) && o.get(name).isIntegralNumber() && o.get(name).asLong() > 0) {
                        o.set(name, LongNode.valueOf(o.get(name).asLong() + copy * millis));
                    }
                }
            }
        }

        private JsonNode shifted(String name, JsonNode v, int copy) {
            long value = v.asLong();
            return switch (name) {
                case "Job ID" -> IntNode.valueOf((int) (value + copy * jobs));
                case "Stage ID" -> IntNode.valueOf((int) (value + copy * stages));
                case "Task ID" -> LongNode.valueOf(value + copy * taskIds);
                case "executionId" -> LongNode.valueOf(value + copy * executions);
                default -> TIME_FIELDS.contains(name) && value > 0 ? LongNode.valueOf(value + copy * millis) : v;
            };
        }
    }

    /** Every integral field in the tree, by name (names repeat; that is fine for taking maxima). */
    private static List<Map.Entry<String, Long>> numbers(JsonNode node) {
        List<Map.Entry<String, Long>> out = new ArrayList<>();
        collect(node, out);
        return out;
    }

    private static void collect(JsonNode node, List<Map.Entry<String, Long>> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> {
                if (f.getValue().isIntegralNumber()) {
                    out.add(Map.entry(f.getKey(), f.getValue().asLong()));
                } else {
                    collect(f.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, out));
        }
    }

    private static int indexOf(List<String> lines, String event, boolean first) {
        int found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("{\"Event\":\"" + event + "\"")) {
                found = i;
                if (first) {
                    break;
                }
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("the template has no " + event + "; pick a log that ran a job");
        }
        return found;
    }

    private static long bytes(List<String> lines) {
        return lines.stream().mapToLong(l -> l.length() + 1L).sum();
    }
}
