package io.punctual.yarn.queues;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bodies YARN's scheduler configuration API exchanges. A mutation ({@code SchedConfUpdateInfo} on the RM) is
 * sent either as the documented {@code sched-conf} XML, or as JSON in the property names that a ResourceManager
 * whose JAXB XML support is missing (the shaded {@code hadoop-client-minicluster}) reads through Jackson. The
 * configuration comes back as JSON, with the entries under {@code property} (name/value, JAXB) or {@code items}
 * (key/value, Jackson).
 */
final class SchedConfWire {

    /** The two request bodies a ResourceManager may understand. */
    enum Format {
        XML("application/xml"),
        JSON("application/json");

        final String mediaType;

        Format(String mediaType) {
            this.mediaType = mediaType;
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SchedConfWire() {
    }

    static String body(QueueChange change, Format format) {
        return format == Format.XML ? xml(change) : json(change);
    }

    static String xml(QueueChange change) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sched-conf>\n");
        change.removals().forEach(q -> out.append("  <remove-queue>").append(escape(q.value())).append("</remove-queue>\n"));
        change.additions().forEach(a -> queueXml(out, "add-queue", a));
        change.updates().forEach(u -> queueXml(out, "update-queue", u));
        if (!change.globals().isEmpty()) {
            out.append("  <global-updates>\n");
            entriesXml(out, change.globals(), "    ");
            out.append("  </global-updates>\n");
        }
        return out.append("</sched-conf>\n").toString();
    }

    private static void queueXml(StringBuilder out, String element, QueueChange.QueueUpdate update) {
        out.append("  <").append(element).append(">\n");
        out.append("    <queue-name>").append(escape(update.queue().value())).append("</queue-name>\n");
        out.append("    <params>\n");
        entriesXml(out, update.params(), "      ");
        out.append("    </params>\n");
        out.append("  </").append(element).append(">\n");
    }

    private static void entriesXml(StringBuilder out, Map<String, String> entries, String indent) {
        entries.forEach((key, value) -> out.append(indent).append("<entry><key>").append(escape(key))
                .append("</key><value>").append(escape(value)).append("</value></entry>\n"));
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static String json(QueueChange change) {
        ObjectNode root = MAPPER.createObjectNode();
        if (!change.removals().isEmpty()) {
            ArrayNode removals = root.putArray("removeQueueInfo");
            change.removals().forEach(q -> removals.add(q.value()));
        }
        queuesJson(root, "addQueueInfo", change.additions());
        queuesJson(root, "updateQueueInfo", change.updates());
        if (!change.globals().isEmpty()) {
            ObjectNode globals = root.putObject("globalParams");
            change.globals().forEach(globals::put);
        }
        return root.toString();
    }

    private static void queuesJson(ObjectNode root, String field, java.util.List<QueueChange.QueueUpdate> updates) {
        if (updates.isEmpty()) {
            return;
        }
        ArrayNode array = root.putArray(field);
        for (QueueChange.QueueUpdate update : updates) {
            ObjectNode queue = array.addObject();
            queue.put("queue", update.queue().value());
            ObjectNode params = queue.putObject("params");
            update.params().forEach(params::put);
        }
    }

    /** Reads {@code GET /ws/v1/cluster/scheduler-conf} in either JSON form. */
    static SchedulerConf parseConf(String body) {
        JsonNode root = readJson(body);
        if (root.has("configuration")) {
            root = root.get("configuration");
        }
        JsonNode entries = root.has("property") ? root.get("property") : root.path("items");
        if (!entries.isArray() && !entries.isObject()) {
            throw new IllegalArgumentException("the scheduler configuration has neither 'property' nor 'items': "
                    + abbreviate(body));
        }
        Map<String, String> properties = new TreeMap<>();
        // JAXB's mapped JSON writes a one-element list as a bare object.
        Iterable<JsonNode> list = entries.isArray() ? entries : java.util.List.of(entries);
        for (JsonNode entry : list) {
            JsonNode key = entry.has("name") ? entry.get("name") : entry.get("key");
            if (key != null && !key.isNull()) {
                properties.put(key.asText(), entry.path("value").isNull() ? "" : entry.path("value").asText(""));
            }
        }
        return SchedulerConf.of(properties);
    }

    /** The message in a ResourceManager error body: plain text, or a (Remote)Exception JSON object. */
    static String message(String body) {
        String trimmed = body == null ? "" : body.trim();
        if (trimmed.startsWith("{")) {
            try {
                JsonNode root = MAPPER.readTree(trimmed);
                JsonNode exception = root.has("RemoteException") ? root.get("RemoteException") : root;
                if (exception.hasNonNull("message")) {
                    return exception.get("message").asText().trim();
                }
            } catch (JsonProcessingException notJson) {
                // Fall through: show the body as it came.
            }
        }
        return trimmed;
    }

    /**
     * Whether the ResourceManager could not read the body format at all (as opposed to refusing its content). The
     * shaded minicluster answers XML with HTTP 500 "A message body reader ... was not found".
     */
    static boolean formatUnreadable(int status, String body) {
        String lower = body == null ? "" : body.toLowerCase(Locale.ROOT);
        return status == 415 || (status >= 400 && lower.contains("message body reader"))
                || (status >= 400 && lower.contains("unrecognizedpropertyexception"));
    }

    private static JsonNode readJson(String body) {
        try {
            return MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the ResourceManager answered something that is not JSON: "
                    + abbreviate(body), e);
        }
    }

    static String abbreviate(String text) {
        String flat = text == null ? "" : text.replaceAll("\\s+", " ").trim();
        return flat.length() <= 300 ? flat : flat.substring(0, 300) + "…";
    }
}
