package io.punctual.yarn.queues;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns "team T should have this queue" into the one {@link QueueChange} that gets it there from the current
 * configuration, keeping the siblings' capacities summing to what they summed to before (100 percent in a valid
 * tree): whatever a team queue gains, the layout's donor loses in the same change, and the reverse. Pure: it reads a
 * {@link SchedulerConf} and returns a plan; {@link DonorTeamQueues} applies it.
 *
 * <p>Percentages are decimal ({@link BigDecimal}), so the sum YARN checks is exact, not a float that drifts.
 * This is the queue set-up step of BoPF's YARN implementation (bopf-bounded-priority-fairness.txt, Section 4.1),
 * within the CapacityScheduler's rule that siblings' capacities sum to 100 percent.
 */
public final class TeamQueuePlanner {

    /** What to do. */
    public sealed interface Plan {
        /** Apply {@code change}; afterwards the team's queue reads as {@code result}. */
        record Change(QueueChange change, TeamQueue result) implements Plan {
        }

        /** The configuration already is what was asked for. */
        record NoChange(TeamQueue current) implements Plan {
        }

        /** It cannot be done without breaking the layout's rules; nothing is to be sent. */
        record Impossible(String reason) implements Plan {
        }
    }

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final TeamQueueLayout layout;

    public TeamQueuePlanner(TeamQueueLayout layout) {
        this.layout = layout;
    }

    public Plan ensure(SchedulerConf conf, TeamQueueSpec spec) {
        Optional<BigDecimal> donorNow = donorCapacity(conf);
        if (donorNow.isEmpty()) {
            return donorMissing(conf);
        }
        QueuePath queue = layout.queueOf(spec.team());
        BigDecimal wanted = percent(spec.capacity());
        BigDecimal wantedMax = percent(spec.maximumCapacity());
        TeamQueue result = new TeamQueue(spec.team(), queue, share(wanted), share(wantedMax), spec.priority(), true);
        Optional<TeamQueue> current = read(conf, spec.team());
        // The exact configured value, not the rounded share: the donor must take back precisely what is released.
        BigDecimal held = current.isPresent() ? conf.capacityPercent(queue).orElse(BigDecimal.ZERO) : BigDecimal.ZERO;
        BigDecimal donorAfter = donorNow.get().subtract(wanted.subtract(held));
        if (donorAfter.compareTo(percent(layout.donorFloor())) < 0) {
            return new Plan.Impossible("team " + spec.team() + " asks for " + plain(wanted) + "% of " + layout.parent()
                    + " but the best-effort queue " + layout.donor() + " can only lend "
                    + plain(donorNow.get().add(held).subtract(percent(layout.donorFloor())).max(BigDecimal.ZERO))
                    + "% more (it keeps at least " + plain(percent(layout.donorFloor())) + "%)");
        }
        if (current.isPresent() && current.get().equals(result)) {
            return new Plan.NoChange(current.get());
        }
        QueueChange.Builder change = QueueChange.builder();
        if (current.isEmpty()) {
            change.add(queue, newQueueParams(wanted, wantedMax, spec.priority()));
        } else {
            change.update(queue, changedParams(current.get(), wanted, wantedMax, spec.priority()));
        }
        if (donorAfter.compareTo(donorNow.get()) != 0) {
            change.update(layout.donor(), Map.of("capacity", plain(donorAfter)));
        }
        return new Plan.Change(change.build(), result);
    }

    /** Stops the team's queue (no new applications); the first half of removing it. */
    public Plan stop(SchedulerConf conf, String team) {
        return setRunning(conf, team, false);
    }

    /** Runs a stopped team queue again, e.g. after a removal that could not finish. */
    public Plan restart(SchedulerConf conf, String team) {
        return setRunning(conf, team, true);
    }

    private Plan setRunning(SchedulerConf conf, String team, boolean running) {
        Optional<TeamQueue> current = read(conf, team);
        if (current.isEmpty()) {
            return new Plan.Impossible("team " + team + " has no queue under " + layout.parent());
        }
        TeamQueue q = current.get();
        if (q.running() == running) {
            return new Plan.NoChange(q);
        }
        QueueChange change = QueueChange.builder()
                .update(q.queue(), Map.of("state", running ? "RUNNING" : "STOPPED")).build();
        return new Plan.Change(change, new TeamQueue(team, q.queue(), q.capacity(), q.maximumCapacity(),
                q.priority(), running));
    }

    /**
     * Removes the team's queue and returns its capacity to the donor. YARN removes only STOPPED queues, so this
     * expects {@link #stop} to have been applied first.
     */
    public Plan remove(SchedulerConf conf, String team) {
        Optional<BigDecimal> donorNow = donorCapacity(conf);
        if (donorNow.isEmpty()) {
            return donorMissing(conf);
        }
        Optional<TeamQueue> current = read(conf, team);
        if (current.isEmpty()) {
            return new Plan.Impossible("team " + team + " has no queue under " + layout.parent());
        }
        BigDecimal held = conf.capacityPercent(current.get().queue()).orElse(BigDecimal.ZERO);
        QueueChange.Builder change = QueueChange.builder().remove(current.get().queue());
        if (held.signum() != 0) {
            change.update(layout.donor(), Map.of("capacity", plain(donorNow.get().add(held))));
        }
        return new Plan.Change(change.build(), current.get());
    }

    /** The team's queue as configured now, if it has one. */
    public Optional<TeamQueue> read(SchedulerConf conf, String team) {
        QueuePath queue = layout.queueOf(team);
        if (!conf.exists(queue)) {
            return Optional.empty();
        }
        BigDecimal capacity = conf.capacityPercent(queue).orElse(BigDecimal.ZERO);
        BigDecimal maximum = conf.maximumCapacityPercent(queue).orElse(HUNDRED);
        int priority = conf.queueParam(queue, "priority").map(String::trim).filter(p -> p.matches("\\d{1,9}"))
                .map(Integer::parseInt).orElse(0);
        boolean running = !conf.queueParam(queue, "state").map(String::trim).orElse("RUNNING")
                .equalsIgnoreCase("STOPPED");
        return Optional.of(new TeamQueue(team, queue, share(capacity), share(maximum), priority, running));
    }

    /** Every team queue under the layout's parent, in the parent's order. */
    public List<TeamQueue> list(SchedulerConf conf) {
        return conf.children(layout.parent()).stream().map(layout::teamOf).flatMap(Optional::stream)
                .map(team -> read(conf, team)).flatMap(Optional::stream).toList();
    }

    private Map<String, String> newQueueParams(BigDecimal capacity, BigDecimal maximum, int priority) {
        Map<String, String> params = new LinkedHashMap<>(layout.leafDefaults());
        params.put("capacity", plain(capacity));
        params.put("maximum-capacity", plain(maximum));
        params.put("priority", Integer.toString(priority));
        params.put("state", "RUNNING");
        return params;
    }

    private static Map<String, String> changedParams(TeamQueue current, BigDecimal capacity, BigDecimal maximum,
                                                     int priority) {
        Map<String, String> params = new LinkedHashMap<>();
        if (percent(current.capacity()).compareTo(capacity) != 0) {
            params.put("capacity", plain(capacity));
        }
        if (percent(current.maximumCapacity()).compareTo(maximum) != 0) {
            params.put("maximum-capacity", plain(maximum));
        }
        if (current.priority() != priority) {
            params.put("priority", Integer.toString(priority));
        }
        if (!current.running()) {
            params.put("state", "RUNNING");
        }
        return params;
    }

    private Optional<BigDecimal> donorCapacity(SchedulerConf conf) {
        return conf.exists(layout.donor()) ? conf.capacityPercent(layout.donor()) : Optional.empty();
    }

    private Plan donorMissing(SchedulerConf conf) {
        if (!conf.exists(layout.donor())) {
            return new Plan.Impossible("the best-effort queue " + layout.donor() + " that team queues take capacity"
                    + " from is not in the queue tree");
        }
        return new Plan.Impossible("the best-effort queue " + layout.donor() + " has no percentage capacity ("
                + conf.queueParam(layout.donor(), "capacity").orElse("unset") + "); team queues need one to take from");
    }

    /** A share in [0, 1] as a percentage with YARN's useful precision (0.01 percent). */
    static BigDecimal percent(double share) {
        return BigDecimal.valueOf(share).multiply(HUNDRED).setScale(2, RoundingMode.HALF_UP);
    }

    private static double share(BigDecimal percent) {
        return percent.divide(HUNDRED).doubleValue();
    }

    /** How YARN reads it back: {@code 10}, not {@code 10.00}. */
    static String plain(BigDecimal percent) {
        return percent.stripTrailingZeros().toPlainString();
    }
}
