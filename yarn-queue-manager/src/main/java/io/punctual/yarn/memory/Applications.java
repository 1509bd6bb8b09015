package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The ResourceManager's applications: submitted ACCEPTED, started at a scheduling step when their queue and the
 * cluster have room for them (in submission order, skipping those that do not fit), SUCCEEDED once their run time
 * has passed, or ended early by a kill or a test. Running applications are never preempted.
 */
final class Applications {

    /** One application; mutable, touched only under the gateway's lock. */
    private static final class App {
        final AppId id;
        final AppSubmission submission;
        final Instant submitted;
        String queue;
        AppState state = AppState.ACCEPTED;
        String yarnState = "ACCEPTED/UNDEFINED";
        String diagnostics = "";
        Instant runningSince;
        Instant finished;
        float finalProgress;

        App(AppId id, AppSubmission submission, String queue, Instant submitted) {
            this.id = id;
            this.submission = submission;
            this.queue = queue;
            this.submitted = submitted;
        }

        Optional<Instant> ends() {
            return runningSince == null || state.isFinal() ? Optional.empty()
                    : Optional.of(runningSince.plus(submission.runTime()));
        }

        void end(AppState finalState, String yarn, String why, Instant at) {
            finalProgress = finalState == AppState.SUCCEEDED ? 1f : progress(at);
            state = finalState;
            yarnState = yarn;
            diagnostics = why;
            finished = at;
        }

        float progress(Instant at) {
            if (state.isFinal()) {
                return finalProgress;
            }
            if (runningSince == null) {
                return 0f;
            }
            double share = (double) Duration.between(runningSince, at).toMillis() / submission.runTime().toMillis();
            return (float) Math.min(1, Math.max(0, share));
        }
    }

    private final Map<AppId, App> apps = new LinkedHashMap<>();
    /**
     * The applications not yet known to have ended, in submission order: what scheduling and completion scan, so a
     * cluster that ran thousands (a simulated day) does not scan them all at every step.
     */
    private final Map<AppId, App> live = new LinkedHashMap<>();
    private final String trackingBase;
    private final int nodes;

    /**
     * @param trackingBase the ResourceManager's web address, which tracking URLs start with
     * @param nodes        how many NodeManagers ApplicationMasters are spread over (by submission order)
     */
    Applications(String trackingBase, int nodes) {
        this.trackingBase = trackingBase;
        this.nodes = nodes;
    }

    /** Accepts an application into {@code queue}, or fails it at once when there is no such queue. */
    void submit(AppId id, AppSubmission submission, String queue, boolean queueExists, Instant now) {
        App app = new App(id, submission, queue, now);
        if (!queueExists) {
            app.end(AppState.FAILED, "FAILED/FAILED",
                    YarnMessages.unknownQueue(id, submission.user(), submission.queue()), now);
        }
        apps.put(id, app);
        if (!app.state.isFinal()) {
            live.put(id, app);
        }
    }

    private java.util.Collection<App> live() {
        live.values().removeIf(app -> app.state.isFinal());
        return live.values();
    }

    /** One scheduling pass at {@code tick}: starts what fits; true when something started. */
    boolean schedule(Instant tick, QueueTree queues, Resources cluster) {
        Map<String, QueueTree.Usage> usage = usage();
        Resources used = usage.values().stream().map(QueueTree.Usage::used).reduce(Resources.ZERO, Resources::plus);
        boolean started = false;
        for (App app : live()) {
            if (app.state != AppState.ACCEPTED) {
                continue;
            }
            Optional<QueueTree.Leaf> leaf = queues.leaf(app.queue);
            if (leaf.isEmpty()) {
                continue;
            }
            Resources inQueue = usage.getOrDefault(app.queue, QueueTree.Usage.NONE).used();
            Resources demand = app.submission.demand();
            if (leaf.get().guaranteed().isZero()) {
                // The AM limit is a share of what the queue is guaranteed: nothing, so nothing may start.
                app.diagnostics = YarnMessages.amLimitExceeded(tick, demand, Resources.ZERO);
            } else if (inQueue.plus(demand).fitsIn(leaf.get().ceiling()) && used.plus(demand).fitsIn(cluster)) {
                app.state = AppState.RUNNING;
                app.yarnState = "RUNNING/UNDEFINED";
                app.diagnostics = "";
                app.runningSince = tick;
                used = used.plus(demand);
                usage.merge(app.queue, new QueueTree.Usage(demand, 0, 0), QueueTree.Usage::plus);
                started = true;
            } else {
                app.diagnostics = YarnMessages.waitingForAm(tick, cluster);
            }
        }
        return started;
    }

    /** When the next running application reaches the end of its run time. */
    Optional<Instant> nextCompletion() {
        return live().stream().map(App::ends).flatMap(Optional::stream).min(Instant::compareTo);
    }

    /** Ends every running application whose run time is over by {@code t}; true when one did. */
    boolean complete(Instant t) {
        boolean any = false;
        for (App app : live()) {
            Optional<Instant> ends = app.ends();
            if (ends.isPresent() && !ends.get().isAfter(t)) {
                app.end(AppState.SUCCEEDED, "FINISHED/SUCCEEDED", "", ends.get());
                any = true;
            }
        }
        return any;
    }

    /** YARN's kill; an application that already ended is left as it is. */
    boolean kill(AppId id, String user, String why, Instant now) {
        App app = apps.get(id);
        if (app == null || app.state.isFinal()) {
            return false;
        }
        app.end(AppState.KILLED, "KILLED/KILLED", YarnMessages.killed(id, user, why), now);
        return true;
    }

    /** Ends an application as its ApplicationMaster or the ResourceManager would have. */
    boolean finish(AppId id, AppState finalState, String diagnostics, Instant now) {
        App app = apps.get(id);
        if (app == null) {
            throw new IllegalArgumentException("no application " + id + " in this cluster");
        }
        String yarn = switch (finalState) {
            case SUCCEEDED -> "FINISHED/SUCCEEDED";
            case FAILED -> "FINISHED/FAILED";
            case KILLED -> "KILLED/KILLED";
            default -> throw new IllegalArgumentException("an application finishes SUCCEEDED, FAILED or KILLED, not "
                    + finalState);
        };
        if (app.state.isFinal()) {
            return false;
        }
        app.end(finalState, yarn, diagnostics, now);
        return true;
    }

    boolean forget(AppId id) {
        live.remove(id);
        return apps.remove(id) != null;
    }

    /**
     * Kills the applications of a removed reservation queue, as Hadoop 3.3's plan follower does once its move to the
     * plan's default queue has failed.
     */
    void expire(String queue, Instant at) {
        live().stream().filter(a -> a.queue.equals(queue) && !a.state.isFinal()).toList()
                .forEach(a -> a.end(AppState.KILLED, "KILLED/KILLED", YarnMessages.reservationExpired(queue), at));
    }

    /** Moves an application into {@code queue}; the caller has checked that it is known and has not ended. */
    void move(AppId id, String queue) {
        apps.get(id).queue = queue;
    }

    /** What runs and waits in each queue. */
    Map<String, QueueTree.Usage> usage() {
        Map<String, QueueTree.Usage> usage = new HashMap<>();
        for (App app : live()) {
            if (app.state == AppState.RUNNING) {
                usage.merge(app.queue, new QueueTree.Usage(app.submission.demand(), 1, 0), QueueTree.Usage::plus);
            } else if (app.state == AppState.ACCEPTED) {
                usage.merge(app.queue, new QueueTree.Usage(Resources.ZERO, 0, 1), QueueTree.Usage::plus);
            }
        }
        return usage;
    }

    /**
     * The log page of a started application's AM container on its node, as YARN builds it ({@code
     * http://<node>/node/containerlogs/<container>/<user>}); empty before it starts and after it ends, when a real
     * scheduler no longer holds the container.
     */
    Optional<String> amContainerLogUrl(AppId id) {
        App app = apps.get(id);
        if (app == null || app.runningSince == null || app.state.isFinal()) {
            return Optional.empty();
        }
        String number = id.value().substring("application_".length());
        int sequence = Integer.parseInt(number.substring(number.lastIndexOf('_') + 1));
        String node = "http://in-memory-nm-" + (1 + (sequence - 1) % nodes) + ":8042";
        return Optional.of(node + "/node/containerlogs/container_" + number + "_01_000001/" + app.submission.user());
    }

    List<AppReport> tagged(String tag, Instant now) {
        String wanted = tag.toLowerCase(Locale.ROOT);
        return apps.values().stream().filter(a -> a.submission.tags().contains(wanted)).map(a -> report(a, now))
                .toList();
    }

    Optional<AppReport> report(AppId id, Instant now) {
        return Optional.ofNullable(apps.get(id)).map(a -> report(a, now));
    }

    private AppReport report(App a, Instant now) {
        return new AppReport(a.id, a.submission.name(), a.submission.user(), a.queue, a.state, a.yarnState,
                a.submission.tags(), a.submitted, Optional.ofNullable(a.finished), a.progress(now), a.diagnostics,
                Optional.of(trackingBase + "/proxy/" + a.id + "/"));
    }
}
