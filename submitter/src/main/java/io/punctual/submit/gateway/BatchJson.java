package io.punctual.submit.gateway;

import io.punctual.history.AchievedConfidence;
import java.util.Optional;
import java.util.function.Function;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Batches as Livy prints them ({@code id, name, owner, proxyUser, state, appId, appInfo, log}), with Punctual's own
 * fields beside them; Livy clients ignore what they do not know.
 */
final class BatchJson {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final int LOG_TAIL = 10;

    private BatchJson() {
    }

    static ObjectNode batch(BatchRecord b, Clock clock) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", b.id());
        node.put("name", b.name());
        node.put("owner", b.team());
        node.put("proxyUser", b.proxyUser());
        node.put("state", b.state().livyName());
        node.put("stateDetail", b.state().detail(b));
        node.put("appId", b.appId());
        ObjectNode appInfo = node.putObject("appInfo");
        appInfo.put("driverLogUrl", b.driverLogUrl());
        appInfo.put("sparkUiUrl", b.sparkUiUrl());
        ArrayNode log = node.putArray("log");
        b.log().subList(Math.max(0, b.log().size() - LOG_TAIL), b.log().size()).forEach(log::add);
        punctual(node, b, clock);
        return node;
    }

    private static void punctual(ObjectNode node, BatchRecord b, Clock clock) {
        node.put("team", b.team());
        node.put("submissionId", b.submissionId());
        node.put("jobKey", b.jobKey());
        node.put("submittedAt", Instant.ofEpochMilli(b.submittedAtMs()).toString());
        node.put("bestEffort", b.bestEffort());
        node.put("deadline", b.bestEffort() ? null : Instant.ofEpochMilli(b.deadlineMs()).toString());
        ObjectNode admission = node.putObject("admission");
        admission.put("verdict", b.verdict());
        admission.put("reason", b.reason());
        admission.put("earliestDeadline", instant(b.earliestDeadlineMs()));
        if (b.place() != null) {
            place(admission.putObject("queue"), b.place(), BatchStates.queued(b));
        }
        node.put("reservationId", b.reservationId());
        node.put("executors", b.executors());
        if (b.executors() != null) {
            sizing(node.putObject("sizing"), b);
        }
        node.put("sizedBy", b.sizedBy());
        node.put("bound", b.bound() == null ? null : b.bound().toLowerCase());
        node.put("predictedFinish", instant(b.predictedThetaMs()));
        node.put("predictedFinishP50", instant(b.predictedP50Ms()));
        node.put("predictedMiss", predictedMiss(b, clock));
        node.put("predictedLateSeconds", predictedLateSeconds(b));
        if (b.replanning() != null) {
            replanning(node.putObject("replanning"), b.replanning());
        }
        node.put("reservationStart", instant(b.reservationStartMs()));
        node.put("reservationEnd", instant(b.reservationEndMs()));
        node.put("yarnQueue", b.yarnQueue());
        node.put("finishedAt", instant(b.finishedAtMs()));
        if (b.metDeadline() == null) {
            node.putNull("metDeadline");
        } else {
            node.put("metDeadline", b.metDeadline());
        }
    }

    /**
     * Where the batch waits in the admission queue (or last waited, when {@code waiting} is false), as its own team
     * may see it: another team's batch ahead is only counted ({@link AdmissionPlace}).
     */
    private static void place(ObjectNode queue, AdmissionPlace place, boolean waiting) {
        queue.put("waiting", waiting);
        queue.put("position", place.position());
        queue.put("length", place.length());
        queue.put("policy", place.policy().configName());
        queue.put("rule", place.rule());
        ArrayNode ahead = queue.putArray("ahead");
        place.ahead().forEach(a -> {
            if (a.otherTeam()) {
                ahead.addObject().put("otherTeam", true);
            } else {
                ahead.addObject().put("id", a.id()).put("jobKey", a.jobKey());
            }
        });
        queue.put("otherTeamsAhead", place.otherTeamsAhead());
        queue.put("placedAt", Instant.ofEpochMilli(place.placedAtMs()).toString());
        queue.put("text", place.text());
        if (place.note() != null) {
            queue.putObject("arbitration").put("expectedCompletion", instant(place.expectedCompletionMs()))
                    .put("latenessSeconds", place.latenessSeconds()).put("utility", place.utility())
                    .put("note", place.note());
        }
    }

    /** What the gateway's last sizing asked for: the reservation's containers and how long it holds them. */
    private static void sizing(ObjectNode sizing, BatchRecord b) {
        sizing.put("executors", b.executors());
        sizing.put("executorCores", b.executorVcores());
        sizing.put("executorMemoryMb", b.executorMemoryMb());
        sizing.put("amCores", b.masterVcores());
        sizing.put("amMemoryMb", b.masterMemoryMb());
        sizing.put("holdSeconds", b.holdSeconds());
        sizing.put("method", b.sizedBy());
        sizing.put("bound", b.bound() == null ? null : b.bound().toLowerCase());
    }

    /**
     * Whether the batch is (or was) heading for a miss: rejected, ended without meeting its deadline, sized to finish
     * after it, predicted late by re-planning from its progress, or still running past it.
     */
    static boolean predictedMiss(BatchRecord b, Clock clock) {
        if (b.bestEffort()) {
            return false;
        }
        if ("rejected".equals(b.verdict()) || Boolean.FALSE.equals(b.metDeadline())) {
            return true;
        }
        if (b.isFinal()) {
            return b.state() != BatchState.SUCCESS;
        }
        boolean predictedLate = b.predictedThetaMs() != null && b.predictedThetaMs() > b.deadlineMs();
        return predictedLate || predictedLateSeconds(b) != null || clock.millis() > b.deadlineMs();
    }

    /**
     * By how much, at θ, a running batch is predicted to miss its deadline even at the most executors it may have,
     * as re-planning last judged it from its progress; null when it is not (or is no longer running).
     */
    static Double predictedLateSeconds(BatchRecord b) {
        return b.isFinal() || b.replanning() == null ? null : b.replanning().predictedLateSeconds();
    }

    /** What re-planning did while it ran: each change (when, executors and hold end from → to, why). */
    private static void replanning(ObjectNode node, ReplanningRecord replanning) {
        node.put("executors", replanning.executors());
        node.put("off", replanning.off());
        ArrayNode changes = node.putArray("changes");
        replanning.changes().forEach(c -> changes.addObject().put("at", Instant.ofEpochMilli(c.atMs()).toString())
                .put("executorsFrom", c.from()).put("executorsTo", c.to())
                .put("holdEndFrom", instant(c.holdFromMs())).put("holdEndTo", instant(c.holdToMs()))
                .put("why", c.why()));
    }

    private static String instant(Long ms) {
        return ms == null ? null : Instant.ofEpochMilli(ms).toString();
    }

    /**
     * A page of batches as Livy lists them; each deadline batch also carries what its job key's deadline runs have
     * achieved since the gateway started ({@code jobConfidence}), which the jobs page shows by the job key.
     */
    static ObjectNode page(List<BatchRecord> batches, int from, int size, Clock clock,
                           Function<String, Optional<AchievedConfidence>> achieved) {
        ObjectNode node = JSON.createObjectNode();
        node.put("from", from);
        node.put("total", batches.size());
        ArrayNode sessions = node.putArray("sessions");
        batches.stream().skip(from).limit(size).forEach(b -> {
            ObjectNode one = batch(b, clock);
            if (!b.bestEffort() && b.jobKey() != null) {
                achieved.apply(b.jobKey()).ifPresent(a -> one.putObject("jobConfidence").put("finished", a.finished())
                        .put("met", a.met()).put("share", a.share()).put("clearlyBelow", a.clearlyBelow())
                        .put("text", a.text()));
            }
            sessions.add(one);
        });
        return node;
    }

    static ObjectNode log(BatchRecord b, LivyLog.Page page) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", b.id());
        node.put("from", page.from());
        node.put("total", page.total());
        ArrayNode lines = node.putArray("log");
        page.lines().forEach(lines::add);
        return node;
    }

    /** Livy's {@code GET /version}, with the Spark and Hadoop versions Punctual was built for beside it. */
    static ObjectNode version(io.punctual.submit.home.BuildVersion v) {
        return JSON.createObjectNode().put("version", v.punctual()).put("spark", v.spark()).put("hadoop", v.hadoop())
                .put("api", "livy-batches");
    }

    static ObjectNode dryRun(DryRun run) {
        ObjectNode node = JSON.createObjectNode();
        node.put("dryRun", true);
        node.put("jobKey", run.jobKey());
        node.put("proxyUser", run.proxyUser().orElse(null));
        node.put("deadline", run.bestEffort() ? null : run.deadline().toString());
        node.put("bestEffort", run.bestEffort());
        ObjectNode admission = node.putObject("admission");
        admission.put("verdict", run.verdict());
        admission.put("reason", run.reason().orElse(null));
        node.put("executors", run.executors().orElse(null));
        node.put("sizedBy", run.method().orElse(null));
        node.put("bound", run.bound().orElse(null));
        ObjectNode reservation = node.putObject("plannedReservation");
        reservation.put("holdSeconds", run.holdSeconds().orElse(null));
        run.plannedReservation().ifPresent(spec -> {
            reservation.put("queue", spec.planQueue());
            reservation.put("windowStart", spec.arrival().toString());
            reservation.put("windowEnd", spec.deadline().toString());
            reservation.put("containers", spec.stages().get(0).containers());
            reservation.put("container", spec.stages().get(0).capability().toString());
        });
        node.put("predictedFinish", run.predictedFinish().map(Instant::toString).orElse(null));
        node.put("earliestDeadline", run.earliestDeadline().map(Instant::toString).orElse(null));
        ArrayNode terms = node.putArray("terms");
        run.terms().forEach(t -> terms.addObject().put("name", t.name()).put("value", t.value())
                .put("meaning", t.meaning()));
        return node;
    }

    static ObjectNode queues(BatchService.QueueView view) {
        ObjectNode node = JSON.createObjectNode();
        node.put("team", view.team());
        if (view.queue().isPresent()) {
            var q = view.queue().get();
            node.putObject("queue").put("name", q.queue().leaf()).put("path", q.queue().toString())
                    .put("capacity", q.capacity()).put("maximumCapacity", q.maximumCapacity());
        } else {
            node.putNull("queue");
        }
        ArrayNode groups = node.putArray("latencySensitive");
        view.groups().forEach(g -> groups.addObject().put("group", g.group()).put("class", g.queueClass().label())
                .put("reason", g.reason()));
        return node;
    }

    static ObjectNode message(String text) {
        return JSON.createObjectNode().put("msg", text);
    }
}
