package io.punctual.submit.gateway;

import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.AdmissionDecision;
import io.punctual.sizing.bopf.BopfAdmission;
import io.punctual.sizing.bopf.QueueClass;
import io.punctual.sizing.bopf.QueueSpec;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import io.punctual.yarn.UnrolledRecurrence;
import io.punctual.yarn.queues.TeamQueue;
import io.punctual.yarn.queues.TeamQueueOutcome;
import io.punctual.yarn.queues.TeamQueueSpec;
import io.punctual.yarn.queues.TeamQueues;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the teams' queue settings onto YARN. A team's queue appears (through the scheduler configuration API) when the
 * team first needs it, with its configured capacity. The teams' batch queues and latency-sensitive job groups are
 * admitted with BoPF (Bounded Priority Fairness, Section 3) in the order they arrived ({@link QueueArrivals}), so a
 * group is judged with every team already there counted in N, and a later arrival never demotes it: a Hard group's bursts are held by a reservation in
 * every period (booked a period or two ahead, each repetition its own reservation because YARN 3.3 gives only a
 * recurring reservation's first repetition any capacity); Soft and Elastic groups run in their team's queue.
 */
final class QueueSetup {

    private static final Logger LOG = LoggerFactory.getLogger(QueueSetup.class);

    /** A group's BoPF class, with the condition that decided it. */
    record GroupClass(String team, String group, QueueClass queueClass, String reason) {
    }

    private final Optional<TeamQueues> teamQueues;
    private final ClusterGateway gateway;
    private final QueueArrivals arrivals;
    private final Map<String, TeamQueue> ready = new ConcurrentHashMap<>();
    private volatile List<GroupClass> classes = List.of();
    private volatile List<ReservationSpec> hard = List.of();

    QueueSetup(Optional<TeamQueues> teamQueues, ClusterGateway gateway, QueueArrivals arrivals) {
        this.teamQueues = teamQueues;
        this.gateway = gateway;
        this.arrivals = arrivals;
    }

    /** The team's own queue, created or resized to its configuration; empty when queues cannot be managed here. */
    Optional<String> teamQueue(TeamConfig team) {
        if (teamQueues.isEmpty()) {
            return Optional.empty();
        }
        TeamQueue known = ready.get(team.name());
        if (known != null) {
            return Optional.of(known.queue().leaf());
        }
        TeamQueueSpec spec = new TeamQueueSpec(team.name(), team.queue().capacity(), team.queue().maximumCapacity(), 0);
        TeamQueueOutcome outcome = teamQueues.get().ensure(spec);
        if (outcome instanceof TeamQueueOutcome.Ready readyQueue) {
            if (readyQueue.changed()) {
                // A changed queue tree costs live reservation queues their resources on Hadoop 3.3.x: repair now.
                gateway.queuesChanged();
            }
            ready.put(team.name(), readyQueue.queue());
            return Optional.of(readyQueue.queue().queue().leaf());
        }
        LOG.warn("team {} has no queue of its own: {}", team.name(), outcome);
        return Optional.empty();
    }

    /** Admits every team as a throughput queue and its latency-sensitive groups into BoPF's classes, in arrival order. */
    void admit(PunctualConfig config, Resources capacity, String planQueue, Instant now) {
        List<QueueSpec> specs = new ArrayList<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        Map<String, TeamConfig.LatencyGroup> groups = new LinkedHashMap<>();
        for (TeamConfig team : config.teams().values()) {
            for (TeamConfig.LatencyGroup group : team.latencySensitive()) {
                String name = team.name() + "/" + group.name();
                specs.add(QueueSpec.latencySensitive(name, group.burst(), group.on().toSeconds(),
                        group.period().toSeconds(), 0));
                names.put(name, new String[] {team.name(), group.name()});
                groups.put(name, group);
            }
        }
        for (TeamConfig team : config.teams().values()) {
            specs.add(QueueSpec.throughput(team.name()));
            names.put(team.name(), new String[] {team.name(), "(batch)"});
        }
        List<GroupClass> decided = new ArrayList<>();
        List<ReservationSpec> reservations = new ArrayList<>();
        for (AdmissionDecision d : BopfAdmission.admitInOrder(capacity, arrivals.inArrivalOrder(specs, now))) {
            String[] name = names.get(d.name());
            decided.add(new GroupClass(name[0], name[1], d.queueClass(), d.reason()));
            if (d.queueClass() == QueueClass.HARD && groups.containsKey(d.name())) {
                reservations.add(recurring(d.name(), groups.get(d.name()), planQueue, now));
            }
        }
        classes = List.copyOf(decided);
        hard = List.copyOf(reservations);
    }

    /** Books the Hard groups' bursts for the next two periods (what is booked already is left alone). */
    void renew(Instant now) {
        UnrolledRecurrence recurrence = new UnrolledRecurrence(gateway);
        for (ReservationSpec spec : hard) {
            try {
                Duration horizon = spec.recurrence().orElseThrow().multipliedBy(2);
                recurrence.renew(spec, now, horizon).stream()
                        .filter(b -> b.outcome() instanceof io.punctual.yarn.ReservationOutcome.Refused)
                        .forEach(b -> LOG.warn("{} could not be reserved: {}", b.spec().name(), b.outcome()));
            } catch (GatewayException | IllegalArgumentException e) {
                LOG.warn("could not renew the reservations of {}: {}", spec.name(), e.getMessage());
            }
        }
    }

    /**
     * A Hard group's burst in every period: from each period's start, for its ON duration, a gang of one-core
     * containers that together hold the burst.
     */
    static ReservationSpec recurring(String name, TeamConfig.LatencyGroup group, String planQueue, Instant now) {
        long period = group.period().toMillis();
        Instant periodStart = Instant.ofEpochMilli(now.toEpochMilli() / period * period);
        Resources burst = group.burst();
        int containers = (int) Math.max(1, burst.vcores());
        Resources container = new Resources(Math.max(1, burst.memoryMb() / containers), 1);
        return new ReservationSpec(planQueue, "punctual-lq " + name, periodStart, periodStart.plus(group.on()),
                ReservationSpec.Combine.ALL, List.of(StageRequest.gang(container, containers, group.on())),
                Optional.of(group.period()));
    }

    /**
     * The queue of the reservation holding a Hard group's burst now, if one does (its reservation's own queue, as YARN
     * names it after the reservation).
     */
    Optional<String> hardQueueNow(String team, String group, String planQueue, Instant now) {
        String name = "punctual-lq " + team + "/" + group;
        try {
            return gateway.reservations(planQueue).stream().filter(r -> r.name().equals(name))
                    .filter(r -> r.allocation().stream().anyMatch(step -> !step.start().isAfter(now)
                            && step.end().isAfter(now) && !step.resources().isZero()))
                    .map(r -> r.id().value()).findFirst();
        } catch (GatewayException e) {
            LOG.warn("cannot read the plan for group {}: {}", name, e.getMessage());
            return Optional.empty();
        }
    }

    List<GroupClass> classes() {
        return classes;
    }

    Optional<TeamQueue> known(String team) {
        return Optional.ofNullable(ready.get(team));
    }
}
