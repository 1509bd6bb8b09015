package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.AdmissionDecision;
import io.punctual.sizing.bopf.BopfAdmission;
import io.punctual.sizing.bopf.QueueSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code punctual queues admit}: BoPF's admission of latency-sensitive and throughput queues, in the order given. */
public final class QueuesCommand implements Command {

    static final String USAGE = """
            Usage: punctual queues admit <queues.json | -> [--json]

            Admits queues in the order given into BoPF's classes (hard, soft, elastic, or rejected) with the
            safety, fairness and resource conditions, and prints the condition that decided each. Input:
              {"capacity":{"vcores":v,"memoryMb":m},
               "queues":[{"name":"dash","kind":"LQ","alpha":{"vcores":8,"memoryMb":16384},"on":60,"period":600,"start":0},
                         {"name":"batch","kind":"TQ"}]}
            (times in seconds).
            """;

    // One document per file: text after it is a mistake (two files pasted together), not something to ignore.
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @Override
    public String summary() {
        return "admit latency-sensitive and throughput queues with BoPF (hard / soft / elastic)";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        if (argv.isEmpty() || !argv.get(0).equals("admit")) {
            context.out().print(USAGE);
            return argv.contains("--help") ? 0 : 1;
        }
        Flags flags = Flags.parse(argv.subList(1, argv.size()), Set.of(), Set.of("--json", "--help"), "queues admit");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        JsonNode input = parse(Inputs.read(flags.onlyPositional("queues file (or - for standard input)",
                "queues admit"), context, "a JSON queues file"));
        Resources capacity = resources(input.path("capacity"), "capacity");
        List<QueueSpec> queues = new ArrayList<>();
        int index = 0;
        for (JsonNode queue : required(input, "queues", "the list of queues")) {
            queues.add(queue(queue, "queues[" + index++ + "]"));
        }
        List<AdmissionDecision> decisions = BopfAdmission.admitInOrder(capacity, queues);
        if (flags.has("--json")) {
            ObjectNode root = JSON.createObjectNode();
            ArrayNode out = root.putArray("queues");
            for (AdmissionDecision d : decisions) {
                out.addObject().put("name", d.name()).put("class", d.queueClass().label()).put("reason", d.reason());
            }
            context.out().println(root);
        } else {
            decisions.forEach(d -> context.out().printf("%-20s %-9s %s%n", d.name(), d.queueClass().label(), d.reason()));
        }
        return 0;
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UsageException("the queues file is not valid JSON: " + e.getOriginalMessage() + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        }
    }

    private static QueueSpec queue(JsonNode node, String where) {
        String name = required(node, "name", "a queue name").asText();
        String kind = node.path("kind").asText("");
        if (kind.equals("TQ")) {
            return QueueSpec.throughput(name);
        }
        if (!kind.equals("LQ")) {
            throw new UsageException(where + ".kind must be \"LQ\" or \"TQ\", got " + node.path("kind"));
        }
        return QueueSpec.latencySensitive(name, resources(required(node, "alpha", "the burst"), where + ".alpha"),
                seconds(node, "on", where), seconds(node, "period", where), node.path("start").asLong(0));
    }

    private static long seconds(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || !value.canConvertToLong()) {
            throw new UsageException(where + "." + field + " must be a whole number of seconds");
        }
        return value.asLong();
    }

    private static Resources resources(JsonNode node, String where) {
        if (!node.path("vcores").canConvertToLong() || !node.path("memoryMb").canConvertToLong()) {
            throw new UsageException(where + " must be {\"vcores\":v,\"memoryMb\":m} with whole numbers");
        }
        return Resources.of(node.path("vcores").asLong(), node.path("memoryMb").asLong());
    }

    private static JsonNode required(JsonNode node, String field, String what) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new UsageException("missing \"" + field + "\" (" + what + ") in the queues file");
        }
        return value;
    }
}
