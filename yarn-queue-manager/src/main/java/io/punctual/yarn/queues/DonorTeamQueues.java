package io.punctual.yarn.queues;

import io.punctual.yarn.queues.TeamQueuePlanner.Plan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link TeamQueues} whose capacity is lent by a best-effort sibling (the layout's donor): see
 * {@link TeamQueueLayout}. Each operation reads the current configuration, plans the change with
 * {@link TeamQueuePlanner} and applies it through the scheduler configuration API, which validates it first.
 *
 * <p>Removal is two changes, because YARN only removes a queue that is already STOPPED: stop it (it takes no new
 * applications), check that nothing runs or waits in it, then remove it and return its capacity. If the queue is
 * busy, or the removal is refused, the queue is started again, so a failed removal leaves the configuration as it
 * was. Operations of one instance are serialised; another writer changing the same queues concurrently can make a
 * change fail validation, never leave the tree invalid.
 */
public final class DonorTeamQueues implements TeamQueues {

    private final SchedulerConfiguration scheduler;
    private final TeamQueuePlanner planner;
    private final QueueOccupancy occupancy;

    public DonorTeamQueues(SchedulerConfiguration scheduler, TeamQueueLayout layout, QueueOccupancy occupancy) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler configuration");
        this.planner = new TeamQueuePlanner(layout);
        this.occupancy = Objects.requireNonNull(occupancy, "queue occupancy");
    }

    @Override
    public synchronized TeamQueueOutcome ensure(TeamQueueSpec spec) {
        Plan plan = planner.ensure(scheduler.read(), spec);
        if (plan instanceof Plan.NoChange same) {
            return new TeamQueueOutcome.Ready(same.current(), false);
        }
        if (plan instanceof Plan.Impossible impossible) {
            return new TeamQueueOutcome.Refused(impossible.reason());
        }
        Plan.Change change = (Plan.Change) plan;
        QueueChangeOutcome outcome = scheduler.apply(change.change());
        if (outcome instanceof QueueChangeOutcome.Refused refused) {
            return new TeamQueueOutcome.Refused("the scheduler refused the queue for team " + spec.team() + " ("
                    + refused.stage().name().toLowerCase(java.util.Locale.ROOT) + "): " + refused.reason());
        }
        SchedulerConf after = ((QueueChangeOutcome.Applied) outcome).configuration();
        return new TeamQueueOutcome.Ready(planner.read(after, spec.team()).orElse(change.result()), true);
    }

    @Override
    public synchronized TeamQueueOutcome remove(String team) {
        SchedulerConf before = scheduler.read();
        if (planner.read(before, team).isEmpty()) {
            return new TeamQueueOutcome.Removed(team, false);
        }
        Optional<String> notStopped = applyPlan(planner.stop(before, team));
        if (notStopped.isPresent()) {
            return new TeamQueueOutcome.Refused("could not stop the queue of team " + team + ": " + notStopped.get());
        }
        TeamQueue queue = planner.read(scheduler.read(), team).orElseThrow();
        int applications = occupancy.applications(queue.queue());
        if (applications > 0) {
            return restarted(team, "its queue " + queue.queue() + " still holds " + applications
                    + " application(s); it was left running and can be removed once they finish");
        }
        Optional<String> notRemoved = applyPlan(planner.remove(scheduler.read(), team));
        if (notRemoved.isPresent()) {
            return restarted(team, "the scheduler refused to remove its queue: " + notRemoved.get());
        }
        return new TeamQueueOutcome.Removed(team, true);
    }

    /** Undoes the stop of an unfinished removal, so the configuration is as it was before. */
    private TeamQueueOutcome restarted(String team, String why) {
        Optional<String> notRestarted = applyPlan(planner.restart(scheduler.read(), team));
        if (notRestarted.isPresent()) {
            throw new io.punctual.yarn.GatewayException("team " + team + "'s queue could not be removed (" + why
                    + ") and is left STOPPED, because starting it again failed: " + notRestarted.get()
                    + "; set its state to RUNNING with 'yarn schedulerconf -update'");
        }
        return new TeamQueueOutcome.Refused("team " + team + " keeps its queue: " + why);
    }

    /** Applies a plan; the reason it was not applied, if it was not. */
    private Optional<String> applyPlan(Plan plan) {
        if (plan instanceof Plan.NoChange) {
            return Optional.empty();
        }
        if (plan instanceof Plan.Impossible impossible) {
            return Optional.of(impossible.reason());
        }
        QueueChangeOutcome outcome = scheduler.apply(((Plan.Change) plan).change());
        return outcome instanceof QueueChangeOutcome.Refused refused ? Optional.of(refused.reason()) : Optional.empty();
    }

    @Override
    public Optional<TeamQueue> find(String team) {
        return planner.read(scheduler.read(), team);
    }

    @Override
    public List<TeamQueue> list() {
        return planner.list(scheduler.read());
    }
}
