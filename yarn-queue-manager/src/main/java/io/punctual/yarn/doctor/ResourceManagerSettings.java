package io.punctual.yarn.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.security.authorize.AccessControlList;

/**
 * The configuration the ResourceManager runs with, as its web app serves it ({@code /conf}, Hadoop's configuration
 * servlet): what only the server side knows (its reservation system, configuration store, admin ACL and proxy-user
 * rules), which a client's own yarn-site.xml may not have or may have wrong.
 */
record ResourceManagerSettings(Map<String, String> properties) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The settings, or why they could not be read (a cluster may keep {@code /conf} for admins). */
    static Optional<ResourceManagerSettings> read(ResourceManagerWebApp webApp, StringBuilder why) {
        try {
            HttpResponse<String> response = webApp.getJson("/conf", Duration.ofSeconds(10));
            if (response.statusCode() != 200) {
                why.append("its /conf answered HTTP ").append(response.statusCode());
                return Optional.empty();
            }
            Map<String, String> properties = new HashMap<>();
            for (JsonNode property : JSON.readTree(response.body()).path("properties")) {
                properties.put(property.path("key").asText(), property.path("value").asText());
            }
            return Optional.of(new ResourceManagerSettings(properties));
        } catch (IOException e) {
            why.append(e.getMessage());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why.append("interrupted");
            return Optional.empty();
        }
    }

    String get(String key, String otherwise) {
        return properties.getOrDefault(key, otherwise);
    }

    Finding mutableQueues() {
        String scheduler = get("yarn.resourcemanager.scheduler.class", "?");
        if (!scheduler.contains("CapacityScheduler")) {
            return Finding.missing(Prerequisite.MUTABLE_QUEUES, "the ResourceManager runs " + scheduler
                    + "; Punctual's team queues need the CapacityScheduler");
        }
        String store = get("yarn.scheduler.configuration.store.class", "file");
        return switch (store) {
            case "file" -> Finding.missing(Prerequisite.MUTABLE_QUEUES, "the scheduler configuration store is"
                    + " \"file\" (capacity-scheduler.xml): queues change only when an admin edits it");
            case "memory" -> Finding.met(Prerequisite.MUTABLE_QUEUES, "store \"memory\": changes are lost when the"
                    + " ResourceManager restarts (fs, leveldb or zk keep them)");
            default -> Finding.met(Prerequisite.MUTABLE_QUEUES, "store \"" + store + "\"");
        };
    }

    Finding adminAcl(String user) {
        if (!Boolean.parseBoolean(get("yarn.acl.enable", "false"))) {
            return Finding.met(Prerequisite.ADMIN_ACL, "ACLs are off (yarn.acl.enable=false): every user may");
        }
        // Hadoop's own reading of an ACL: "*", or users, a space, then groups.
        AccessControlList acl = new AccessControlList(get("yarn.admin.acl", "*"));
        if (acl.isAllAllowed() || acl.getUsers().contains(user)) {
            return Finding.met(Prerequisite.ADMIN_ACL, user + " is in yarn.admin.acl");
        }
        if (!acl.getGroups().isEmpty()) {
            return Finding.unknown(Prerequisite.ADMIN_ACL, user + " is not named in yarn.admin.acl; it may if it is"
                    + " in one of its groups (" + String.join(",", acl.getGroups()) + ")");
        }
        return Finding.missing(Prerequisite.ADMIN_ACL, user + " is not in yarn.admin.acl");
    }

    Finding proxyUsers(String user, List<String> proxyUsers) {
        if (proxyUsers.isEmpty()) {
            return Finding.met(Prerequisite.PROXY_USERS, "not needed: no team names proxy-users");
        }
        String prefix = "hadoop.proxyuser." + user + ".";
        String hosts = get(prefix + "hosts", "");
        if (hosts.isBlank()) {
            return Finding.missing(Prerequisite.PROXY_USERS, prefix + "hosts is not set on the ResourceManager, so "
                    + user + " may impersonate nobody");
        }
        List<String> users = split(get(prefix + "users", ""));
        List<String> refused = proxyUsers.stream().filter(p -> !users.contains("*") && !users.contains(p)).toList();
        if (refused.isEmpty()) {
            return Finding.met(Prerequisite.PROXY_USERS, user + " may impersonate " + String.join(", ", proxyUsers)
                    + " from hosts " + hosts);
        }
        String groups = get(prefix + "groups", "");
        if (!groups.isBlank()) {
            return Finding.unknown(Prerequisite.PROXY_USERS, String.join(", ", refused) + " not named in " + prefix
                    + "users; allowed if in the groups " + groups);
        }
        return Finding.missing(Prerequisite.PROXY_USERS, user + " may not impersonate " + String.join(", ", refused));
    }

    private static List<String> split(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
