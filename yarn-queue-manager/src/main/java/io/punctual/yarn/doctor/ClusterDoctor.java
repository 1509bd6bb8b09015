package io.punctual.yarn.doctor;

import io.punctual.yarn.ClientPatience;
import io.punctual.yarn.hadoop.YarnGateway;
import io.punctual.yarn.hadoop.YarnGateways;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.protocolrecords.ReservationListRequest;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * {@code punctual doctor}: checks a cluster against every {@link Prerequisite} from a client, the way Punctual will
 * use it: it asks the ResourceManager for the plan queue's reservations (which fails when the reservation system is
 * off or the queue is not a plan), reads the configuration the ResourceManager runs with, and writes and removes a
 * file in each of Punctual's directories. It changes nothing on the cluster.
 */
public final class ClusterDoctor {

    private ClusterDoctor() {
    }

    /** Every prerequisite's finding for the cluster whose client configuration is in {@code confDir}, in order. */
    public static List<Finding> examine(java.nio.file.Path confDir, Expectations expected) {
        return examine(YarnGateways.clientConfiguration(confDir, ClientPatience.COMMAND), expected);
    }

    static List<Finding> examine(Configuration conf, Expectations expected) {
        List<Finding> found = new ArrayList<>(reservations(conf, expected.planQueue()));
        ResourceManagerWebApp webApp = ResourceManagerWebApp.of(conf);
        Finding web = webApp(webApp);
        found.add(web);
        StringBuilder why = new StringBuilder();
        Optional<ResourceManagerSettings> settings = web.verdict() == Verdict.MET
                ? ResourceManagerSettings.read(webApp, why) : Optional.empty();
        if (settings.isPresent()) {
            found.add(settings.get().mutableQueues());
            found.add(settings.get().adminAcl(expected.user()));
            found.add(settings.get().proxyUsers(expected.user(), expected.proxyUsers()));
        } else {
            String cause = "the ResourceManager's configuration could not be read ("
                    + (why.isEmpty() ? "its web services do not answer" : why) + ")";
            for (Prerequisite p : List.of(Prerequisite.MUTABLE_QUEUES, Prerequisite.ADMIN_ACL,
                    Prerequisite.PROXY_USERS)) {
                found.add(Finding.unknown(p, cause));
            }
        }
        found.add(directories(conf, expected.writableDirs()));
        return List.copyOf(found);
    }

    /**
     * The ResourceManager, its reservation system and the plan queue, from one question: the plan queue's
     * reservations. YARN checks the system is on before it checks the queue, so its refusal says which is missing.
     */
    private static List<Finding> reservations(Configuration conf, String planQueue) {
        YarnClient client = YarnClient.createYarnClient();
        client.init(conf);
        client.start();
        try {
            int nodes;
            try {
                nodes = client.getYarnClusterMetrics().getNumNodeManagers();
            } catch (IOException | YarnException | RuntimeException e) {
                String cause = "the ResourceManager does not answer";
                return List.of(Finding.missing(Prerequisite.RESOURCE_MANAGER, "no answer at "
                                + YarnGateways.describeAddresses(conf) + " (" + YarnGateway.firstLine(e) + ")"),
                        Finding.unknown(Prerequisite.RESERVATION_SYSTEM, cause),
                        Finding.unknown(Prerequisite.PLAN_QUEUE, cause));
            }
            Finding answers = Finding.met(Prerequisite.RESOURCE_MANAGER, "at " + YarnGateways.describeAddresses(conf)
                    + ", " + nodes + " NodeManager" + (nodes == 1 ? "" : "s"));
            try {
                int held = client.listReservations(ReservationListRequest.newInstance(planQueue, "", 0,
                        Long.MAX_VALUE, false)).getReservationAllocationState().size();
                return List.of(answers, Finding.met(Prerequisite.RESERVATION_SYSTEM, "it answers for " + planQueue),
                        Finding.met(Prerequisite.PLAN_QUEUE, planQueue + " holds " + held + " reservation"
                                + (held == 1 ? "" : "s")));
            } catch (IOException | YarnException e) {
                return refusedReservations(answers, planQueue, YarnGateway.firstLine(e));
            }
        } finally {
            client.stop();
        }
    }

    private static List<Finding> refusedReservations(Finding answers, String planQueue, String yarnSaid) {
        if (yarnSaid.contains("not enabled")) {
            return List.of(answers, Finding.missing(Prerequisite.RESERVATION_SYSTEM, "YARN said: " + yarnSaid),
                    Finding.unknown(Prerequisite.PLAN_QUEUE, "no reservation system to ask"));
        }
        return List.of(answers, Finding.met(Prerequisite.RESERVATION_SYSTEM, "it answers"),
                Finding.missing(Prerequisite.PLAN_QUEUE, planQueue + ": YARN said: " + yarnSaid));
    }

    private static Finding webApp(ResourceManagerWebApp webApp) {
        try {
            HttpResponse<String> info = webApp.getJson("/ws/v1/cluster/info", Duration.ofSeconds(10));
            if (info.statusCode() != 200) {
                return Finding.missing(Prerequisite.WEB_APP, webApp.current() + "/ws/v1/cluster/info answered HTTP "
                        + info.statusCode() + (info.statusCode() == 401 ? " (SPNEGO: a kerberized web app)" : ""));
            }
            return Finding.met(Prerequisite.WEB_APP, "at " + webApp.current());
        } catch (IOException e) {
            return Finding.missing(Prerequisite.WEB_APP, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Finding.unknown(Prerequisite.WEB_APP, "interrupted");
        }
    }

    /** Each directory exists (or can be made) and takes a file, written and removed as this user. */
    private static Finding directories(Configuration conf, List<String> dirs) {
        List<String> refused = new ArrayList<>();
        for (String dir : dirs) {
            try {
                Path path = new Path(URI.create(dir));
                FileSystem fs = path.getFileSystem(conf);
                fs.mkdirs(path);
                Path probe = new Path(path, ".punctual-doctor-" + UUID.randomUUID());
                fs.create(probe, false).close();
                fs.delete(probe, false);
            } catch (IOException | RuntimeException e) {
                refused.add(dir + " (" + YarnGateway.firstLine(e) + ")");
            }
        }
        return refused.isEmpty()
                ? Finding.met(Prerequisite.DIRECTORIES, String.join(", ", dirs))
                : Finding.missing(Prerequisite.DIRECTORIES, "cannot write " + String.join("; ", refused));
    }
}
