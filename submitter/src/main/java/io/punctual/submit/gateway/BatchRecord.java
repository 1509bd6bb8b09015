package io.punctual.submit.gateway;

import io.punctual.submit.request.SubmitArguments;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the gateway keeps about one batch, in a form that survives a restart: the request as a spark-submit
 * command line, what sizing and admission decided, and where the batch is on YARN. Written before anything is
 * launched and after every change. Absent values are {@code null} (the stored JSON stays plain).
 *
 * @param submissionId     Punctual's id, carried as a YARN tag: how a restarted gateway finds the application
 * @param request          the spark-submit options and conf the request amounts to (its deadline is
 *                         {@code deadlineMs}, kept once)
 * @param verdict          {@code admitted} or {@code rejected}, once admission has decided
 * @param sparkUiUrl       YARN's tracking URL of the application (Livy's {@code appInfo.sparkUiUrl})
 * @param driverLogUrl     the NodeManager's log page of its AM container, where the driver runs
 * @param launcherPid      the spark-submit process while it runs, so a restart can stop an orphaned one
 * @param place            its place in the admission queue at the last round that placed it (kept once it is
 *                         admitted: it says what it waited for); null if it never waited
 * @param earliestDeadlineMs the earliest deadline that had room when it was last queued or rejected, when told
 * @param replanning       what re-planning did while it ran; null while nothing
 */
public record BatchRecord(
        int id,
        String team,
        String submissionId,
        String idempotencyKey,
        String name,
        String proxyUser,
        SubmitArguments request,
        String jobKey,
        long submittedAtMs,
        long deadlineMs,
        String planQueue,
        boolean bestEffort,
        BatchState state,
        String verdict,
        String reason,
        Integer executors,
        Long executorMemoryMb,
        Long executorVcores,
        Long masterMemoryMb,
        Long masterVcores,
        Long holdSeconds,
        Integer capacityCpus,
        String sizedBy,
        String bound,
        Long predictedP50Ms,
        Long predictedThetaMs,
        String reservationId,
        Long reservationStartMs,
        Long reservationEndMs,
        String appId,
        String yarnQueue,
        String sparkUiUrl,
        String driverLogUrl,
        Long launcherPid,
        Long finishedAtMs,
        Boolean metDeadline,
        AdmissionPlace place,
        Long earliestDeadlineMs,
        ReplanningRecord replanning,
        long updatedAtMs,
        List<String> log) {

    /** Lines of a batch's log that are kept (Livy shows the recent ones). */
    public static final int LOG_LINES = 200;

    public BatchRecord {
        java.util.Objects.requireNonNull(request, "request");
        log = List.copyOf(log);
    }

    public BatchRecord withState(BatchState newState, long nowMs) {
        return new Builder(this).state(newState).updatedAt(nowMs).build();
    }

    /** The same record with one more log line (the oldest lines go beyond {@link #LOG_LINES}). */
    public BatchRecord logged(String line, long nowMs) {
        List<String> lines = new ArrayList<>(log);
        lines.add(line);
        List<String> kept = lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size());
        return new Builder(this).log(kept).updatedAt(nowMs).build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A batch just recorded, before anything is launched. */
    public static BatchRecord recorded(int id, String team, String submissionId, String idempotencyKey, String name,
                                       String proxyUser, SubmitArguments request, String jobKey, long submittedAtMs,
                                       long deadlineMs, String planQueue, boolean bestEffort) {
        return new BatchRecord(id, team, submissionId, idempotencyKey, name, proxyUser, request, jobKey, submittedAtMs,
                deadlineMs, planQueue, bestEffort, BatchState.NOT_STARTED, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, submittedAtMs,
                List.of());
    }

    /**
     * What stands for a batch whose record was lost to damage: dead, with the reason, under its id and idempotency
     * key (both from the store's index), so neither is given out again and a retry learns what happened.
     */
    public static BatchRecord lost(int id, String team, String idempotencyKey, long nowMs) {
        BatchRecord empty = recorded(id, team, "gw-lost-" + id, idempotencyKey, null, null,
                new SubmitArguments(List.of(), java.util.Map.of(), "", List.of(), false), "", nowMs, nowMs, null,
                true);
        return empty.toBuilder().state(BatchState.DEAD).reason("the gateway's journal lost this batch's record to"
                + " damage; its state is unknown: look for its application on YARN, or submit again with a new key")
                .build();
    }

    /** Whether this stands for a batch whose record was lost ({@link #lost}). */
    public boolean isLost() {
        return submissionId.startsWith("gw-lost-");
    }

    public boolean isFinal() {
        return state.isFinal();
    }

    /** Copies a record with some fields changed. */
    public static final class Builder {
        private int id;
        private String team;
        private String submissionId;
        private String idempotencyKey;
        private String name;
        private String proxyUser;
        private SubmitArguments request;
        private String jobKey;
        private long submittedAtMs;
        private long deadlineMs;
        private String planQueue;
        private boolean bestEffort;
        private BatchState state;
        private String verdict;
        private String reason;
        private Integer executors;
        private Long executorMemoryMb;
        private Long executorVcores;
        private Long masterMemoryMb;
        private Long masterVcores;
        private Long holdSeconds;
        private Integer capacityCpus;
        private String sizedBy;
        private String bound;
        private Long predictedP50Ms;
        private Long predictedThetaMs;
        private String reservationId;
        private Long reservationStartMs;
        private Long reservationEndMs;
        private String appId;
        private String yarnQueue;
        private String sparkUiUrl;
        private String driverLogUrl;
        private Long launcherPid;
        private Long finishedAtMs;
        private Boolean metDeadline;
        private AdmissionPlace place;
        private Long earliestDeadlineMs;
        private ReplanningRecord replanning;
        private long updatedAtMs;
        private List<String> log;

        Builder(BatchRecord r) {
            id = r.id; team = r.team; submissionId = r.submissionId; idempotencyKey = r.idempotencyKey;
            name = r.name; proxyUser = r.proxyUser; request = r.request; jobKey = r.jobKey;
            submittedAtMs = r.submittedAtMs; deadlineMs = r.deadlineMs; planQueue = r.planQueue;
            bestEffort = r.bestEffort; state = r.state;
            verdict = r.verdict; reason = r.reason; executors = r.executors; executorMemoryMb = r.executorMemoryMb;
            executorVcores = r.executorVcores; masterMemoryMb = r.masterMemoryMb; masterVcores = r.masterVcores;
            holdSeconds = r.holdSeconds; capacityCpus = r.capacityCpus; sizedBy = r.sizedBy; bound = r.bound; predictedP50Ms = r.predictedP50Ms;
            predictedThetaMs = r.predictedThetaMs; reservationId = r.reservationId;
            reservationStartMs = r.reservationStartMs; reservationEndMs = r.reservationEndMs; appId = r.appId;
            yarnQueue = r.yarnQueue; sparkUiUrl = r.sparkUiUrl; driverLogUrl = r.driverLogUrl;
            launcherPid = r.launcherPid; finishedAtMs = r.finishedAtMs;
            metDeadline = r.metDeadline; place = r.place; earliestDeadlineMs = r.earliestDeadlineMs;
            replanning = r.replanning; updatedAtMs = r.updatedAtMs; log = r.log;
        }

        public Builder state(BatchState value) { state = value; return this; }
        public Builder verdict(String value) { verdict = value; return this; }
        public Builder reason(String value) { reason = value; return this; }
        public Builder sizing(int count, long execMb, long execCores, long masterMb, long masterCores, long hold,
                              int capacity, String method, String decidedBy, Long p50, Long theta) {
            executors = count; executorMemoryMb = execMb; executorVcores = execCores; masterMemoryMb = masterMb;
            masterVcores = masterCores; holdSeconds = hold; capacityCpus = capacity; sizedBy = method;
            bound = decidedBy;
            predictedP50Ms = p50; predictedThetaMs = theta;
            return this;
        }
        public Builder reservation(String value, Long startMs, Long endMs) {
            reservationId = value; reservationStartMs = startMs; reservationEndMs = endMs;
            return this;
        }
        public Builder app(String value, String queue) { appId = value; yarnQueue = queue; return this; }
        public Builder links(String sparkUi, String driverLog) {
            sparkUiUrl = sparkUi; driverLogUrl = driverLog;
            return this;
        }
        public Builder launcherPid(Long value) { launcherPid = value; return this; }
        public Builder finished(Long atMs, Boolean met) { finishedAtMs = atMs; metDeadline = met; return this; }
        public Builder place(AdmissionPlace value) { place = value; return this; }
        public Builder earliestDeadline(Long ms) { earliestDeadlineMs = ms; return this; }
        public Builder replanning(ReplanningRecord value) { replanning = value; return this; }
        public Builder updatedAt(long value) { updatedAtMs = value; return this; }
        public Builder log(List<String> value) { log = value; return this; }

        public BatchRecord build() {
            return new BatchRecord(id, team, submissionId, idempotencyKey, name, proxyUser, request, jobKey,
                    submittedAtMs, deadlineMs, planQueue, bestEffort, state, verdict, reason, executors,
                    executorMemoryMb, executorVcores, masterMemoryMb, masterVcores, holdSeconds, capacityCpus, sizedBy,
                    bound, predictedP50Ms,
                    predictedThetaMs, reservationId, reservationStartMs, reservationEndMs, appId, yarnQueue,
                    sparkUiUrl, driverLogUrl, launcherPid, finishedAtMs, metDeadline, place, earliestDeadlineMs,
                    replanning, updatedAtMs, log);
        }
    }
}
