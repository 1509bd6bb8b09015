package io.punctual.submit.gateway;

import io.punctual.submit.request.SubmitArguments;

import io.punctual.submit.request.SparkOption;

import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.RequestKeys;
import io.punctual.submit.request.SparkMemory;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A Livy {@code POST /batches} body. Livy's fields, with Livy's meaning; Punctual's own inputs travel in {@code conf}
 * as {@code spark.deadline.*} keys. Unknown fields are ignored, as Livy does (but for deadline-like ones); a known
 * field of the wrong type is an
 * error that names it.
 */
public record BatchRequest(
        String file,
        Optional<String> className,
        List<String> args,
        List<String> jars,
        List<String> pyFiles,
        List<String> files,
        List<String> archives,
        Optional<String> driverMemory,
        Optional<Integer> driverCores,
        Optional<String> executorMemory,
        Optional<Integer> executorCores,
        Optional<Integer> numExecutors,
        Optional<String> queue,
        Optional<String> name,
        Map<String, String> conf,
        Optional<String> proxyUser) {

    /** Top-level names (lower case) that are Punctual's inputs sent in the wrong place. */
    private static final Set<String> MISPLACED = Set.of("confidence", "maxexecutors", "idempotencykey", "by");

    // Bounds on what a batch is recorded with, each far above any real request (the body as a whole is bounded too),
    // so no one field can make every later read, copy and log line of the batch expensive.
    static final int MAX_TEXT = 4096;
    static final int MAX_KEY = 256;
    static final int MAX_VALUE = 16384;
    static final int MAX_ARG = 131072;
    static final int MAX_ENTRIES = 1000;

    public BatchRequest {
        args = List.copyOf(args);
        jars = List.copyOf(jars);
        pyFiles = List.copyOf(pyFiles);
        files = List.copyOf(files);
        archives = List.copyOf(archives);
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
    }

    public static BatchRequest fromJson(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidRequest("the request body must be a JSON object with at least \"file\"");
        }
        refuseMisplacedInputs(body);
        String file = string(body, "file").orElseThrow(() -> new InvalidRequest("field 'file' is required: the application"
                + " jar or Python file to run"));
        Map<String, String> conf = map(body, "conf");
        RequestKeys.requireKnown(conf);
        return new BatchRequest(file, string(body, "className"), strings(body, "args"), strings(body, "jars"),
                strings(body, "pyFiles"), strings(body, "files"), strings(body, "archives"),
                memory(body, "driverMemory"), whole(body, "driverCores"), memory(body, "executorMemory"),
                whole(body, "executorCores"), whole(body, "numExecutors"), string(body, "queue"),
                string(body, "name"), conf, string(body, "proxyUser"));
    }

    /** This request run as {@code user} ({@link RunAs} decides whom): spark-submit's {@code --proxy-user}. */
    BatchRequest withProxyUser(Optional<String> user) {
        return new BatchRequest(file, className, args, jars, pyFiles, files, archives, driverMemory, driverCores,
                executorMemory, executorCores, numExecutors, queue, name, conf, user);
    }

    /**
     * Unknown fields are ignored as Livy does, except those that look like Punctual's inputs: a top-level
     * {@code deadline} would otherwise make the batch best-effort without a word.
     */
    private static void refuseMisplacedInputs(JsonNode body) {
        body.fieldNames().forEachRemaining(field -> {
            String plain = field.toLowerCase(Locale.ROOT).replace(DeadlineKeys.PREFIX, "");
            if (plain.contains("deadline") || MISPLACED.contains(plain)) {
                throw new InvalidRequest("field '" + field + "' is not a Livy field, and Punctual reads its inputs"
                        + " from conf: send \"conf\": {\"" + DeadlineKeys.BY + "\": \"45m\"} and the like. The keys a"
                        + " request may set: " + String.join(", ", DeadlineKeys.REQUEST_KEYS));
            }
        });
    }

    /** A Spark memory size, read now so that "lots" is the caller's 400 and not a batch that dies later. */
    private static Optional<String> memory(JsonNode body, String field) {
        Optional<String> value = string(body, field);
        value.ifPresent(v -> SparkMemory.mebibytes(v, "field '" + field + "'"));
        return value;
    }

    private static Optional<String> string(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            throw new InvalidRequest("field '" + field + "' must be a string, got " + node.getNodeType().name().toLowerCase());
        }
        return Optional.of(bounded(node.asText(), MAX_TEXT, "field '" + field + "'"));
    }

    private static String bounded(String text, int limit, String what) {
        if (text.length() > limit) {
            throw new InvalidRequest(what + " is " + text.length() + " characters long, more than the " + limit
                    + " a request may send (it starts \"" + text.substring(0, 40) + "…\")");
        }
        return text;
    }

    private static void boundedCount(int count, String field) {
        if (count > MAX_ENTRIES) {
            throw new InvalidRequest("field '" + field + "' has " + count + " entries, more than the " + MAX_ENTRIES
                    + " a request may send");
        }
    }

    private static Optional<Integer> whole(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        // Livy's JSON binding takes "4" for 4, and templated Airflow arguments send exactly that.
        Optional<Integer> value = node.isIntegralNumber() && node.canConvertToInt() ? Optional.of(node.asInt())
                : node.isTextual() ? wholeText(node.asText().trim()) : Optional.empty();
        if (value.isEmpty() || value.get() < 1) {
            throw new InvalidRequest("field '" + field + "' must be a positive whole number, got " + node);
        }
        return value;
    }

    private static Optional<Integer> wholeText(String text) {
        if (!text.matches("\\+?[0-9]{1,9}")) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(text));
    }

    private static List<String> strings(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new InvalidRequest("field '" + field + "' must be a list of strings, got " + node.getNodeType().name()
                    .toLowerCase());
        }
        boundedCount(node.size(), field);
        List<String> values = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                throw new InvalidRequest("field '" + field + "' must be a list of strings, but contains " + element);
            }
            values.add(bounded(element.asText(), field.equals("args") ? MAX_ARG : MAX_TEXT,
                    "an entry of field '" + field + "'"));
        }
        return values;
    }

    private static Map<String, String> map(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw new InvalidRequest("field '" + field + "' must be an object of string values, got "
                    + node.getNodeType().name().toLowerCase());
        }
        boundedCount(node.size(), field);
        Map<String, String> values = new LinkedHashMap<>();
        node.fields().forEachRemaining(entry -> {
            JsonNode value = entry.getValue();
            String key = bounded(entry.getKey(), MAX_KEY, "a key of field '" + field + "'");
            if (!value.isValueNode() || value.isNull()) {
                throw new InvalidRequest("field '" + field + "." + key + "' must be a string, number or boolean");
            }
            values.put(key, bounded(value.asText(), MAX_VALUE, "field '" + field + "." + key + "'"));
        });
        return values;
    }

    /**
     * The spark-submit options and conf this request amounts to, Livy's fields mapped to their flags: the value the
     * batch is recorded with and launched from, never parsed back from a command line.
     */
    public SubmitArguments toSubmitArguments() {
        List<SparkOption> options = new ArrayList<>();
        className.ifPresent(c -> options.add(SparkOption.of("--class", c)));
        name.ifPresent(n -> options.add(SparkOption.of("--name", n)));
        queue.ifPresent(q -> options.add(SparkOption.of("--queue", q)));
        driverMemory.ifPresent(m -> options.add(SparkOption.of("--driver-memory", m)));
        driverCores.ifPresent(c -> options.add(SparkOption.of("--driver-cores", c.toString())));
        executorMemory.ifPresent(m -> options.add(SparkOption.of("--executor-memory", m)));
        executorCores.ifPresent(c -> options.add(SparkOption.of("--executor-cores", c.toString())));
        numExecutors.ifPresent(n -> options.add(SparkOption.of("--num-executors", n.toString())));
        proxyUser.ifPresent(u -> options.add(SparkOption.of("--proxy-user", u)));
        joined(options, "--jars", jars);
        joined(options, "--py-files", pyFiles);
        joined(options, "--files", files);
        joined(options, "--archives", archives);
        return new SubmitArguments(options, conf, file, args, false);
    }

    private static void joined(List<SparkOption> options, String flag, List<String> values) {
        if (!values.isEmpty()) {
            options.add(SparkOption.of(flag, String.join(",", values)));
        }
    }
}
