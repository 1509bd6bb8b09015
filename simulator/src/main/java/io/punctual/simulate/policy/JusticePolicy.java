package io.punctual.simulate.policy;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.justice.AdmissionDecision;
import io.punctual.sizing.justice.AdmissionRound;
import io.punctual.sizing.justice.AdmissionSnapshot;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.sizing.justice.JusticeAdmission;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.justice.QueuedJob;
import io.punctual.sizing.justice.RunningJob;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Justice (Justice paper, Algorithms 1–4) driven by the simulator: {@link JusticeAdmission} decides each round over
 * the waiting jobs, {@link JusticeState#track} learns from each completion. Rounds run at every arrival and
 * completion and when a running job passes its deadline (so large violators are killed as soon as they are late).
 * Only overdue running jobs go into a round's snapshot: admission reads running jobs for the kill alone.
 */
public final class JusticePolicy implements Policy {

    private final JusticeAdmission admission;
    private JusticeState state;
    private final Map<String, QueuedJob> queued = new LinkedHashMap<>();
    private final Map<String, RunningJob> overdue = new LinkedHashMap<>();
    private final Map<String, JobView> views = new HashMap<>();
    private final Map<String, Integer> granted = new HashMap<>();

    public JusticePolicy(JusticeState initial, int killAboveTasks) {
        this.state = initial;
        this.admission = new JusticeAdmission(killAboveTasks);
    }

    @Override
    public String name() {
        return "justice";
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        String id = id(job);
        views.put(id, job);
        queued.put(id, new QueuedJob(id, job.maxParallelism(), 1, SimTime.at(job.arrival()),
                SimTime.of(job.deadlineSeconds())));
        round(cluster);
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        String id = id(run.job());
        overdue.remove(id);
        views.remove(id);
        int cpus = granted.remove(id);
        state = state.track(new CompletedJob(run.stages().work(), run.job().maxParallelism(),
                SimTime.of(run.job().deadlineSeconds()), cpus, run.met(), cluster.capacityCpus()));
        round(cluster);
    }

    @Override
    public void overdue(Cluster cluster, JobView job) {
        String id = id(job);
        overdue.put(id, new RunningJob(id, job.maxParallelism(), granted.get(id), SimTime.at(job.arrival()),
                SimTime.of(job.deadlineSeconds())));
        round(cluster);
    }

    private void round(Cluster cluster) {
        AdmissionRound round = admission.decide(state, new AdmissionSnapshot(SimTime.at(cluster.now()),
                cluster.capacityCpus(), cluster.freeCpus(), new ArrayList<>(queued.values()),
                new ArrayList<>(overdue.values())));
        for (AdmissionDecision decision : round.decisions()) {
            apply(cluster, decision);
        }
    }

    private void apply(Cluster cluster, AdmissionDecision decision) {
        String id = decision.jobId();
        JobView job = views.get(id);
        if (decision instanceof AdmissionDecision.Admit admit) {
            queued.remove(id);
            granted.put(id, admit.size().grantedCpus());
            cluster.start(job, admit.size().grantedCpus());
        } else if (decision instanceof AdmissionDecision.Drop drop) {
            queued.remove(id);
            views.remove(id);
            cluster.drop(job, drop.reason().explanation());
        } else if (decision instanceof AdmissionDecision.Kill kill) {
            overdue.remove(id);
            views.remove(id);
            granted.remove(id);
            cluster.kill(job, kill.reason());
        }
    }

    private static String id(JobView job) {
        return Integer.toString(job.index());
    }

    /** What Justice has learned so far. */
    public JusticeState state() {
        return state;
    }
}
