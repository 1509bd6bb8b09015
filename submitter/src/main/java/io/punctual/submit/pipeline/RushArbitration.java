package io.punctual.submit.pipeline;

import io.punctual.sizing.rush.BackwardOnionPeeling;
import io.punctual.sizing.rush.ContinuousSlotMapping;
import io.punctual.sizing.rush.LinearUtility;
import io.punctual.sizing.rush.PeelingResult;
import io.punctual.sizing.rush.RushJob;
import io.punctual.sizing.rush.SigmoidUtility;
import io.punctual.sizing.rush.SlotPlan;
import io.punctual.sizing.rush.Utility;
import io.punctual.submit.request.DeadlineUtility;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * RUSH's arbitration between waiting deadline jobs that cannot all have their best completion ({@code
 * punctual.admission.policy = rush}; RUSH §III-B and §III-C): backward onion peeling over the jobs' utilities picks
 * lexicographically max-min completion targets on the capacity they share, and continuous slot mapping turns the
 * targets into a schedule whose completion times each job's reservation is then asked to end by. A job gets its
 * deadline when every job can; otherwise the jobs whose utilities tolerate lateness finish late, as little as the
 * others allow, and a job whose completion would be worth nothing is dropped.
 *
 * <p>Units: a job's demand is its reservation's CPU-seconds (executor cores plus the ApplicationMaster's, for its
 * hold); the shared capacity is in CPUs; each job's gang is one slot per CPU for its hold, so a job is never split.
 */
public final class RushArbitration {

    /** Utility lost per second late by a hard deadline: all of it within a millisecond. */
    private static final double HARD = 1_000.0;
    /** A sigmoid utility keeps 99% of its worth at the deadline and 1% at {@code grace} late. */
    private static final double SIGMOID_SPAN = 2 * Math.log(99);

    private RushArbitration() {
    }

    /**
     * A waiting job as arbitration sees it.
     *
     * @param cpus the CPUs its reservation holds at once
     * @param hold how long it holds them
     */
    public record Contender(String id, int cpus, Duration hold, Instant deadline, DeadlineUtility utility) {
    }

    /**
     * What arbitration gives one job.
     *
     * @param completeBy when its reservation must end: the mapped completion, never before its deadline
     * @param lateness   how late the mapped completion is past the deadline (zero when it is on time)
     * @param utility    the job's utility at the mapped completion, in [0, 1]
     */
    public record Verdict(String id, Instant completeBy, Duration lateness, double utility) {

        /** Whether finishing when arbitration says is worth anything. */
        public boolean worthRunning() {
            return utility > 0;
        }
    }

    /** Verdicts for {@code jobs} sharing {@code cpus} from {@code now}, in order of their mapped completion. */
    public static List<Verdict> arbitrate(List<Contender> jobs, int cpus, Instant now) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        int capacity = Math.max(1, Math.max(cpus, jobs.stream().mapToInt(Contender::cpus).max().orElse(1)));
        List<RushJob> rush = jobs.stream().map(j -> new RushJob(j.id(), (double) j.cpus() * seconds(j.hold()),
                Math.max(1.0, seconds(j.hold())), utility(j, now))).toList();
        PeelingResult peeled = new BackwardOnionPeeling().peel(rush, capacity, 0.0);
        SlotPlan plan = ContinuousSlotMapping.map(peeled);
        List<Verdict> verdicts = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            Contender job = jobs.get(i);
            double done = plan.completion(i);
            Instant completion = now.plusMillis((long) Math.ceil(done * 1000));
            Duration late = completion.isAfter(job.deadline()) ? Duration.between(job.deadline(), completion)
                    : Duration.ZERO;
            double worth = Math.min(1.0, rush.get(i).utility().at(done));
            verdicts.add(new Verdict(job.id(), late.isZero() ? job.deadline() : completion, late, worth));
        }
        verdicts.sort(Comparator.comparing(Verdict::completeBy).thenComparing(Verdict::id));
        return verdicts;
    }

    /** The job's utility on the round's clock (seconds from {@code now}), worth 1 at its deadline. */
    static Utility utility(Contender job, Instant now) {
        double deadline = seconds(Duration.between(now, job.deadline()));
        double grace = seconds(job.utility().grace());
        return switch (job.utility().shape()) {
            case HARD -> new LinearUtility(1.0, HARD, deadline);
            case LINEAR -> new LinearUtility(1.0, 1.0 / grace, deadline);
            case SIGMOID -> new SigmoidUtility(1.0, SIGMOID_SPAN / grace, deadline + grace / 2);
        };
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
