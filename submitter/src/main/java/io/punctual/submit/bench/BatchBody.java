package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.workloads.suite.SparkApp;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A Livy {@code POST /batches} body for one of the bench's applications: the workloads jar, the suite's main class
 * and arguments, Punctual's inputs in {@code conf}.
 *
 * @param executors     Livy's {@code numExecutors}, when the policy fixes the count
 * @param executorCores Livy's {@code executorCores}
 * @param queue         Livy's {@code queue}, when the batch must not run in the team's own
 */
public record BatchBody(String jar, SparkApp app, String name, Optional<Integer> executors, int executorCores,
                        Optional<String> queue, Map<String, String> conf) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public BatchBody {
        conf = Map.copyOf(conf);
    }

    /** A body with the conf every bench batch carries: its job key, one attempt, no console progress bar. */
    public static BatchBody of(String jar, SparkApp app, String name, String jobKey, Optional<Integer> executors,
                               int executorCores, Optional<String> queue, Map<String, String> extraConf) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.deadline.jobKey", jobKey);
        conf.put("spark.yarn.maxAppAttempts", "1");
        conf.put("spark.ui.showConsoleProgress", "false");
        conf.putAll(extraConf);
        return new BatchBody(jar, app, name, executors, executorCores, queue, conf);
    }

    public ObjectNode json() {
        ObjectNode body = JSON.createObjectNode();
        body.put("file", jar);
        body.put("className", app.mainClass());
        app.args().forEach(body.putArray("args")::add);
        body.put("name", name);
        executors.ifPresent(n -> body.put("numExecutors", n));
        body.put("executorCores", executorCores);
        queue.ifPresent(q -> body.put("queue", q));
        ObjectNode conf = body.putObject("conf");
        this.conf.forEach(conf::put);
        return body;
    }
}
