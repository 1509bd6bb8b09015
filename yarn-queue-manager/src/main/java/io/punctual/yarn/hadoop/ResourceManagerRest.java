package io.punctual.yarn.hadoop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.sizing.Resources;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The ResourceManager's REST API, for what its RPC protocol does not report: the effective resources the
 * CapacityScheduler computed for each queue.
 */
final class ResourceManagerRest {

    /** Effective guaranteed and maximum resources of one queue, as the scheduler computed them. */
    record Effective(Resources minimum, Resources maximum) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ResourceManagerWebApp webApp;

    ResourceManagerRest(ResourceManagerWebApp webApp) {
        this.webApp = webApp;
    }

    /** Effective resources of every queue, by leaf name; empty when the REST API cannot be read. */
    Optional<Map<String, Effective>> effectiveResources() {
        try {
            JsonNode root = get("/ws/v1/cluster/scheduler").path("schedulerInfo");
            Map<String, Effective> byQueue = new HashMap<>();
            collect(children(root), byQueue);
            return Optional.of(byQueue);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Children sit under {@code queueInfoList} (Jackson, the shaded minicluster) or {@code queue} (JAXB, a real RM). */
    private static void collect(JsonNode queues, Map<String, Effective> into) {
        for (JsonNode queue : queues) {
            for (JsonNode partition : queue.path("capacities").path("queueCapacitiesByPartition")) {
                if (partition.path("partitionName").asText("").isEmpty()) {
                    into.put(queue.path("queueName").asText(), new Effective(
                            resources(partition.path("effectiveMinResource")),
                            resources(partition.path("effectiveMaxResource"))));
                }
            }
            collect(children(queue), into);
        }
    }

    static JsonNode children(JsonNode queue) {
        JsonNode queues = queue.path("queues");
        return queues.has("queueInfoList") ? queues.get("queueInfoList") : queues.path("queue");
    }

    private static Resources resources(JsonNode node) {
        return new Resources(Math.max(0, node.path("memorySize").asLong(0)), Math.max(0, node.path("vCores").asLong(0)));
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = webApp.getJson(path, Duration.ofSeconds(10));
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered HTTP " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }
}
