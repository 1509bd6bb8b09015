package io.punctual.yarn.hadoop;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterSnapshot;
import io.punctual.yarn.ClusterUnreachable;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.ZeroCapacityRemedy;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.protocolrecords.GetApplicationsRequest;
import org.apache.hadoop.yarn.api.protocolrecords.ReservationDeleteRequest;
import org.apache.hadoop.yarn.api.protocolrecords.ReservationListRequest;
import org.apache.hadoop.yarn.api.protocolrecords.ReservationSubmissionRequest;
import org.apache.hadoop.yarn.api.protocolrecords.ReservationUpdateRequest;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.ApplicationAttemptNotFoundException;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.ContainerNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;

/** {@link ClusterGateway} over a real ResourceManager, through {@link YarnClient}. */
public final class YarnGateway implements ClusterGateway {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration REMEDY_INTERVAL = Duration.ofSeconds(2);

    private final YarnClient client;
    private final ZeroCapacityRemedy remedy;
    private final Clock clock;
    private final String rmAddress;
    private final ResourceManagerRest rest;
    private final Resources minimumAllocation;
    private final ClusterAgent agent;
    private final QueueReads queues;
    private final ContainerLogs logs;
    private Instant nextRemedy = Instant.MIN;

    YarnGateway(Configuration conf, ZeroCapacityRemedy remedy, Clock clock) {
        this.client = YarnClient.createYarnClient();
        this.remedy = remedy;
        this.clock = clock;
        this.rmAddress = YarnGateways.describeAddresses(conf);
        ResourceManagerWebApp webApp = ResourceManagerWebApp.of(conf);
        this.rest = new ResourceManagerRest(webApp);
        this.minimumAllocation = new Resources(conf.getLong("yarn.scheduler.minimum-allocation-mb", 1024),
                conf.getLong("yarn.scheduler.minimum-allocation-vcores", 1));
        this.agent = new ClusterAgent(conf, webApp, clock);
        this.queues = new QueueReads(client, rest, clock);
        this.logs = new ContainerLogs(client, conf);
        client.init(conf);
        client.start();
        probe();
    }

    /** Fails fast, with a message a person can act on, when the ResourceManager is not there. */
    private void probe() {
        try {
            client.getYarnClusterMetrics();
        } catch (IOException | YarnException | RuntimeException e) {
            client.stop();
            throw new ClusterUnreachable("cannot reach the YARN ResourceManager at " + rmAddress + " (" + firstLine(e)
                    + "); check that it is running and that HADOOP_CONF_DIR/YARN_CONF_DIR point at its configuration,"
                    + " or use --embedded", e);
        }
    }

    @Override
    public ClusterSnapshot snapshot() {
        return call("read the cluster state", queues::snapshot);
    }

    @Override
    public Resources minimumAllocation() {
        return minimumAllocation;
    }

    @Override
    public ReservationOutcome reserve(ReservationSpec spec) {
        return call("reserve capacity in queue " + spec.planQueue(), () -> {
            var id = client.createReservation().getReservationId();
            try {
                client.submitReservation(ReservationSubmissionRequest.newInstance(
                        ReservationTranslation.toYarn(spec), spec.planQueue(), id));
            } catch (YarnException refused) {
                return new ReservationOutcome.Refused(firstLine(refused));
            }
            return placed(spec.planQueue(), new ReservationId(id.toString()));
        });
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn) {
        return forecast(inTurn, this);
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn, ClusterGateway reads) {
        return agent.forecast(reads, inTurn);
    }

    @Override
    public ReservationOutcome update(ReservationId id, ReservationSpec spec) {
        return call("update reservation " + id, () -> {
            try {
                client.updateReservation(ReservationUpdateRequest.newInstance(ReservationTranslation.toYarn(spec),
                        org.apache.hadoop.yarn.api.records.ReservationId.parseReservationId(id.value())));
            } catch (YarnException refused) {
                return new ReservationOutcome.Refused(firstLine(refused));
            }
            return placed(spec.planQueue(), id);
        });
    }

    private ReservationOutcome placed(String planQueue, ReservationId id) throws IOException, YarnException {
        return fetch(planQueue, id).<ReservationOutcome>map(ReservationOutcome.Reserved::new).orElseGet(() ->
                new ReservationOutcome.Refused("YARN accepted reservation " + id + " but its plan no longer lists it"));
    }

    @Override
    public boolean release(ReservationId id) {
        return call("delete reservation " + id, () -> {
            try {
                client.deleteReservation(ReservationDeleteRequest.newInstance(
                        org.apache.hadoop.yarn.api.records.ReservationId.parseReservationId(id.value())));
                return true;
            } catch (YarnException | IllegalArgumentException notThere) {
                // An unknown (expired or already deleted) reservation comes back as an error, whose class depends
                // on where in the RM it was noticed.
                if (isUnknownReservation(notThere)) {
                    return false;
                }
                throw notThere;
            }
        });
    }

    private static boolean isUnknownReservation(Exception e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("does not exist") || message.contains("not found") || message.contains("is unknown");
    }

    @Override
    public List<ReservationInfo> reservations(String planQueue) {
        return call("list reservations in " + planQueue, () -> list(planQueue, ""));
    }

    @Override
    public Optional<ReservationInfo> reservation(String planQueue, ReservationId id) {
        return call("read reservation " + id, () -> fetch(planQueue, id));
    }

    private Optional<ReservationInfo> fetch(String planQueue, ReservationId id) throws IOException, YarnException {
        return list(planQueue, id.value()).stream().findFirst();
    }

    private List<ReservationInfo> list(String planQueue, String id) throws IOException, YarnException {
        var response = client.listReservations(
                ReservationListRequest.newInstance(planQueue, id, 0, Long.MAX_VALUE, true));
        return response.getReservationAllocationState().stream().map(ReservationTranslation::fromYarn)
                .sorted(Comparator.comparing(r -> r.id().value())).toList();
    }

    @Override
    public QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout) {
        Instant giveUp = clock.instant().plus(timeout);
        while (true) {
            Readiness readiness = readiness(planQueue, id);
            if (readiness instanceof Readiness.Ready ready) {
                return ready.queue();
            }
            if (!clock.instant().isBefore(giveUp)) {
                Readiness.Waiting waiting = (Readiness.Waiting) readiness;
                throw GatewayException.queueNotReady(waiting.reservation(), waiting.queue().isPresent(), timeout);
            }
            sleep(POLL);
        }
    }

    @Override
    public Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id) {
        return readiness(planQueue, id) instanceof Readiness.Ready ready ? Optional.of(ready.queue())
                : Optional.empty();
    }

    /** One look at a reservation's queue: what waiting for it and polling it share. */
    private sealed interface Readiness {
        record Ready(QueueSnapshot queue) implements Readiness {
        }

        /** Not usable yet; {@code queue} is present when it exists with zero effective resources. */
        record Waiting(ReservationInfo reservation, Optional<QueueSnapshot> queue) implements Readiness {
        }
    }

    /**
     * Looks once at the reservation and its queue. A queue with zero effective resources may be the plan follower
     * still setting its entitlement or the Hadoop 3.3.x fault; it gets the remedy (at most every
     * {@link #REMEDY_INTERVAL}, since the remedy recomputes every queue of the cluster) and one more look.
     */
    private Readiness readiness(String planQueue, ReservationId id) {
        ReservationInfo reservation = reservation(planQueue, id)
                .orElseThrow(() -> GatewayException.reservationGone(planQueue, id));
        if (reservation.isOver(clock.instant())) {
            throw GatewayException.reservationOver(reservation);
        }
        Optional<QueueSnapshot> queue = queueNamed(id.queueName(), planQueue);
        if (queue.isEmpty()) {
            return new Readiness.Waiting(reservation, queue);
        }
        var effective = effectiveResources(id);
        if (effective.isEmpty()) {
            // The REST API is unreadable, or hides reservation queues (show-reservations-as-queues=false): the fault
            // cannot be seen, so apply the remedy (not too often) and trust it.
            remedyIfDue();
            return new Readiness.Ready(queue.get());
        }
        if (usable(effective.get())) {
            return new Readiness.Ready(queue.get());
        }
        if (remedyIfDue() && effectiveResources(id).filter(YarnGateway::usable).isPresent()) {
            return queueNamed(id.queueName(), planQueue).<Readiness>map(Readiness.Ready::new)
                    .orElseGet(() -> new Readiness.Waiting(reservation, Optional.empty()));
        }
        return new Readiness.Waiting(reservation, queue);
    }

    private Optional<ResourceManagerRest.Effective> effectiveResources(ReservationId id) {
        return rest.effectiveResources().map(byQueue -> byQueue.get(id.queueName()));
    }

    private static boolean usable(ResourceManagerRest.Effective effective) {
        return !effective.maximum().isZero() && !effective.minimum().isZero();
    }

    @Override
    public synchronized void queuesChanged() {
        remedy.apply();
        nextRemedy = clock.instant().plus(REMEDY_INTERVAL);
    }

    /** Applies the remedy unless it was applied less than {@link #REMEDY_INTERVAL} ago; true when it was applied. */
    private synchronized boolean remedyIfDue() {
        if (clock.instant().isBefore(nextRemedy)) {
            return false;
        }
        remedy.apply();
        nextRemedy = clock.instant().plus(REMEDY_INTERVAL);
        return true;
    }

    /** The queue called {@code name}, a child of {@code parent}, if it exists. */
    private Optional<QueueSnapshot> queueNamed(String name, String parent) {
        return call("read queue " + name, () -> queues.named(name, parent));
    }

    @Override
    public List<AppReport> applicationsTagged(String tag) {
        return call("list applications tagged " + tag, () -> {
            GetApplicationsRequest request = GetApplicationsRequest.newInstance();
            request.setApplicationTags(Set.of(tag.toLowerCase(java.util.Locale.ROOT)));
            request.setApplicationStates(EnumSet.allOf(org.apache.hadoop.yarn.api.records.YarnApplicationState.class));
            return client.getApplications(request).stream().map(YarnRecords::report)
                    .sorted(Comparator.comparing(r -> r.id().value())).toList();
        });
    }

    @Override
    public Optional<AppReport> application(AppId id) {
        return call("read application " + id, () -> {
            try {
                ApplicationReport report = client.getApplicationReport(ApplicationId.fromString(id.value()));
                return Optional.of(YarnRecords.report(report));
            } catch (ApplicationNotFoundException gone) {
                return Optional.empty();
            }
        });
    }

    @Override
    public Optional<String> amContainerLogUrl(AppId id) {
        return call("read the AM container of application " + id, () -> {
            try {
                ApplicationReport app = client.getApplicationReport(ApplicationId.fromString(id.value()));
                ApplicationAttemptId attempt = app.getCurrentApplicationAttemptId();
                ContainerId am = attempt == null ? null : client.getApplicationAttemptReport(attempt).getAMContainerId();
                if (am == null) {
                    return Optional.empty();
                }
                String url = client.getContainerReport(am).getLogUrl();
                return url == null || url.isBlank() ? Optional.empty() : Optional.of(url);
            } catch (ApplicationNotFoundException | ApplicationAttemptNotFoundException
                     | ContainerNotFoundException gone) {
                // Without a timeline server the RM knows a container only while the scheduler holds it.
                return Optional.empty();
            }
        });
    }

    @Override
    public Optional<String> amContainerLogTail(AppId id, String file, int bytes) {
        return logs.amLogTail(id, file, bytes);
    }

    @Override
    public void kill(AppId id, String why) {
        call("kill application " + id, () -> {
            Optional<AppReport> report = application(id);
            if (report.isEmpty() || report.get().state().isFinal()) {
                return null;
            }
            client.killApplication(ApplicationId.fromString(id.value()), why);
            return null;
        });
    }

    @Override
    public String leaveReservation(AppId id, String queue) {
        return call("move application " + id + " into queue " + queue, () -> {
            AppReport report = application(id).orElseThrow(() -> GatewayException.cannotMoveUnknown(id, queue));
            if (report.state().isFinal() || report.queue().equals(queue)) {
                return report.queue();
            }
            client.moveApplicationAcrossQueues(ApplicationId.fromString(id.value()), queue);
            return queue;
        });
    }

    @Override
    public String enterReservation(AppId id, String planQueue, ReservationId reservation) {
        return call("move application " + id + " into reservation " + reservation + "'s queue", () -> {
            AppReport report = application(id).orElseThrow(() -> GatewayException.cannotMoveUnknown(id,
                    reservation.queueName()));
            if (report.state().isFinal() || report.queue().equals(reservation.queueName())
                    || !(readiness(planQueue, reservation) instanceof Readiness.Ready)) {
                return report.queue();
            }
            client.moveApplicationAcrossQueues(ApplicationId.fromString(id.value()), reservation.queueName());
            return reservation.queueName();
        });
    }

    @Override
    public void close() {
        client.stop();
    }

    @FunctionalInterface
    private interface YarnCall<T> {
        T run() throws IOException, YarnException;
    }

    private <T> T call(String what, YarnCall<T> body) {
        try {
            return body.run();
        } catch (IOException e) {
            throw new ClusterUnreachable("could not " + what + ": the ResourceManager at " + rmAddress
                    + " did not answer (" + firstLine(e) + "); check that it is running", e);
        } catch (YarnException e) {
            throw new GatewayException("could not " + what + ": YARN said " + firstLine(e), e);
        }
    }

    /** The first line of a failure's message (or of its first cause that has one), for a one-line report. */
    public static String firstLine(Throwable e) {
        Throwable root = e;
        String message = String.valueOf(root.getMessage());
        while ((message == null || message.equals("null")) && root.getCause() != null) {
            root = root.getCause();
            message = String.valueOf(root.getMessage());
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted while waiting for YARN", e);
        }
    }
}
