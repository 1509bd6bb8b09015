package io.punctual.simulate.engine;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;

import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The discrete-event engine: arrivals in trace order, completions, reservations opening and deadlines passing, one
 * policy deciding. Deterministic: events at the same instant are taken in the order they were scheduled, and
 * arrivals before other events at their instant.
 */
public final class Simulation implements Cluster {

    private static final int FINISH = 0;
    private static final int DUE = 1;
    private static final int START = 2;
    private static final int EXPIRE = 3;
    private static final int WAKE = 4;
    private static final double CAPACITY_SLACK = 1e-6;

    private final List<SimJob> jobs;
    private final Policy policy;
    private final int capacity;
    private final Ledger ledger;
    private final Sharing sharing = new Sharing();
    private final Utilisation utilisation;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final ArrayDeque<Integer> blocked = new ArrayDeque<>();
    private double now;
    private long sequence;
    private int fixedCpus;
    private double peakCpus;
    private int nextArrival;

    private Simulation(List<SimJob> jobs, ClusterSpec cluster, Policy policy, double bucketSeconds) {
        this.jobs = jobs;
        this.policy = policy;
        this.capacity = cluster.cpus();
        this.ledger = new Ledger(jobs.size());
        this.utilisation = new Utilisation(capacity, bucketSeconds);
    }

    /** Runs every job of {@code jobs} (in arrival order, indexed 0..n-1) under {@code policy}. */
    public static RunResult run(List<SimJob> jobs, ClusterSpec cluster, Policy policy, double bucketSeconds) {
        for (int i = 0; i < jobs.size(); i++) {
            if (jobs.get(i).index() != i || (i > 0 && jobs.get(i).arrival() < jobs.get(i - 1).arrival())) {
                throw new IllegalArgumentException("jobs must be in arrival order with index = position");
            }
        }
        Simulation simulation = new Simulation(jobs, cluster, policy, bucketSeconds);
        long began = System.nanoTime();
        simulation.loop();
        double wall = (System.nanoTime() - began) / 1e9;
        return new RunResult(policy.name(), simulation.ledger.results(policy.name(), jobs), simulation.utilisation,
                simulation.capacity, simulation.peakCpus, wall);
    }

    private void loop() {
        while (true) {
            Event next = events.peek();
            boolean arrival = nextArrival < jobs.size()
                    && (next == null || jobs.get(nextArrival).arrival() <= next.time());
            if (arrival) {
                SimJob job = jobs.get(nextArrival++);
                advance(job.arrival());
                policy.arrived(this, job.view());
            } else if (next != null) {
                events.poll();
                advance(next.time());
                handle(next);
            } else {
                break;
            }
        }
        for (SimJob job : jobs) {
            byte state = ledger.state[job.index()];
            if (state == Ledger.WAITING || state == Ledger.SCHEDULED) {
                ledger.drop(job.index(), "still waiting when the simulation ran out of events");
            }
        }
    }

    private void handle(Event event) {
        SimJob job = jobs.get(event.job());
        if (event.kind() != DUE && event.kind() != EXPIRE && event.kind() != WAKE
                && event.version() != ledger.version[job.index()]) {
            return;
        }
        switch (event.kind()) {
            case FINISH:
                complete(job);
                break;
            case DUE:
                if (ledger.state[job.index()] == Ledger.RUNNING) {
                    policy.overdue(this, job.view());
                }
                break;
            case START:
                opened(job);
                break;
            case EXPIRE:
                expire(job);
                break;
            case WAKE:
                policy.woke(this, job.view());
                break;
            default:
                throw new AssertionError(event);
        }
    }

    private void complete(SimJob job) {
        int i = job.index();
        ledger.settle(job, now);
        ledger.end(job, now, null);
        release(job);
        policy.finished(this, new FinishedRun(job.view(), ledger.start[i], now, ledger.cpuSeconds[i]
                / Math.max(1e-9, now - ledger.start[i]), ledger.cpuSeconds[i], ledger.met[i], job.stages(),
                job.launchSeconds()));
    }

    private void release(SimJob job) {
        int i = job.index();
        if (ledger.shared[i]) {
            sharing.remove(i);
        } else {
            fixedCpus -= (int) ledger.cpus[i];
        }
        reshare();
        startBlocked();
    }

    /**
     * A reservation opened. Its CPUs are normally free; when a job that outran its own reservation still holds them
     * (YARN does not preempt it), the job waits for them, first come first served, as its application would.
     */
    private void opened(SimJob job) {
        if ((int) ledger.cpus[job.index()] <= freeCpus() && blocked.isEmpty()) {
            begin(job, (int) ledger.cpus[job.index()]);
        } else {
            blocked.addLast(job.index());
        }
    }

    /** A reservation ended: YARN kills the application still running in it, and frees its containers. */
    private void expire(SimJob job) {
        if (ledger.state[job.index()] == Ledger.RUNNING) {
            kill(job.view(), "its reservation ended while it ran (YARN kills the application)");
            policy.expired(this, job.view());
        }
    }

    private void startBlocked() {
        while (!blocked.isEmpty() && (int) ledger.cpus[blocked.peekFirst()] <= freeCpus()) {
            SimJob job = jobs.get(blocked.removeFirst());
            begin(job, (int) ledger.cpus[job.index()]);
        }
    }

    private void advance(double time) {
        if (time < now) {
            throw new IllegalStateException("time went backwards: " + time + " < " + now);
        }
        utilisation.add(now, time, usedCpus());
        now = time;
    }

    private double usedCpus() {
        return fixedCpus + sharing.allocated();
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public int capacityCpus() {
        return capacity;
    }

    @Override
    public int freeCpus() {
        return capacity - fixedCpus;
    }

    @Override
    public void start(JobView view, int cpus) {
        SimJob job = waiting(view);
        begin(job, cpus);
    }

    private void begin(SimJob job, int cpus) {
        if (cpus < 1 || cpus > freeCpus()) {
            throw new IllegalStateException("job " + job.id() + " asks for " + cpus + " CPUs at " + now + " but "
                    + freeCpus() + " are free: a policy over-committed the cluster");
        }
        int i = job.index();
        fixedCpus += cpus;
        ledger.begin(i, now, cpus);
        schedule(ledger.finishAt(job, now), FINISH, i);
        schedule(Math.max(now, Ledger.lateAfter(job)), DUE, i);
        reshare();
    }

    @Override
    public void startAt(JobView view, int cpus, double at) {
        startAt(view, cpus, at, Double.POSITIVE_INFINITY);
    }

    @Override
    public void startAt(JobView view, int cpus, double at, double until) {
        SimJob job = waiting(view);
        if (at < now) {
            throw new IllegalArgumentException("a reservation cannot open in the past: " + at + " < " + now);
        }
        if (cpus < 1 || cpus > capacity) {
            throw new IllegalArgumentException("job " + job.id() + " cannot reserve " + cpus + " of " + capacity
                    + " CPUs");
        }
        int i = job.index();
        ledger.state[i] = Ledger.SCHEDULED;
        ledger.cpus[i] = cpus;
        schedule(at, START, i);
        if (Double.isFinite(until)) {
            schedule(Math.max(at, until), EXPIRE, i);
        }
    }

    @Override
    public void share(JobView view) {
        SimJob job = waiting(view);
        int i = job.index();
        ledger.shared[i] = true;
        ledger.begin(i, now, 0);
        sharing.add(i, job.maxParallelism());
        schedule(Math.max(now, Ledger.lateAfter(job)), DUE, i);
        reshare();
    }

    /**
     * Gives sharing jobs their max-min fair shares of what fixed allocations leave, and reschedules the end of each
     * job whose share changed (progress is linear while a share holds, so the others need nothing).
     */
    private void reshare() {
        if (sharing.isEmpty()) {
            checkCapacity();
            return;
        }
        int[] members = sharing.members();
        sharing.allocate(capacity - fixedCpus);
        double[] after = sharing.allocations();
        for (int k = 0; k < members.length; k++) {
            int i = members[k];
            double share = after[k];
            if (ledger.cpus[i] != share) {
                SimJob job = jobs.get(i);
                ledger.settle(job, now);
                ledger.cpus[i] = share;
                ledger.version[i]++;
                schedule(ledger.finishAt(job, now), FINISH, i);
            }
        }
        checkCapacity();
    }

    private void checkCapacity() {
        double used = usedCpus();
        if (used > capacity + CAPACITY_SLACK * capacity) {
            throw new IllegalStateException("capacity exceeded at " + now + ": " + used + " > " + capacity);
        }
        peakCpus = Math.max(peakCpus, used);
    }

    @Override
    public void drop(JobView view, String reason) {
        int i = view.index();
        byte state = ledger.state[i];
        if (state != Ledger.WAITING) {
            throw new IllegalStateException("only a waiting job can be dropped; job " + view.id() + " is not waiting");
        }
        ledger.drop(i, reason);
    }

    @Override
    public void kill(JobView view, String reason) {
        SimJob job = jobs.get(view.index());
        if (ledger.state[job.index()] != Ledger.RUNNING) {
            throw new IllegalStateException("job " + view.id() + " is not running");
        }
        ledger.settle(job, now);
        ledger.end(job, now, reason);
        release(job);
    }

    @Override
    public boolean isRunning(JobView job) {
        return ledger.state[job.index()] == Ledger.RUNNING;
    }

    @Override
    public void resize(JobView view, int cpus) {
        SimJob job = jobs.get(view.index());
        int i = job.index();
        if (ledger.state[i] != Ledger.RUNNING || ledger.shared[i]) {
            throw new IllegalStateException("job " + view.id() + " is not running on a fixed allocation; only such a"
                    + " job can be resized");
        }
        int held = (int) ledger.cpus[i];
        if (cpus < 1 || cpus - held > freeCpus()) {
            throw new IllegalStateException("job " + view.id() + " cannot grow from " + held + " to " + cpus
                    + " CPUs at " + now + ": " + freeCpus() + " are free, a policy over-committed the cluster");
        }
        ledger.settle(job, now);
        ledger.remaining[i] = StageWalk.remainingAt(job, ledger.remaining[i], held, cpus);
        fixedCpus += cpus - held;
        ledger.cpus[i] = cpus;
        ledger.version[i]++;
        schedule(ledger.finishAt(job, now), FINISH, i);
        reshare();
        startBlocked();
    }

    @Override
    public double workDone(JobView view) {
        SimJob job = jobs.get(view.index());
        if (ledger.state[job.index()] != Ledger.RUNNING) {
            return 0;
        }
        ledger.settle(job, now);
        return 1 - ledger.remaining[job.index()];
    }

    @Override
    public long tasksStarted(JobView view) {
        SimJob job = jobs.get(view.index());
        if (ledger.state[job.index()] != Ledger.RUNNING) {
            return 0;
        }
        ledger.settle(job, now);
        return StageWalk.tasksStarted(job, ledger.cpus[job.index()], ledger.remaining[job.index()]);
    }

    @Override
    public List<StageSnapshot> stages(JobView view) {
        SimJob job = jobs.get(view.index());
        if (ledger.state[job.index()] != Ledger.RUNNING) {
            return List.of();
        }
        ledger.settle(job, now);
        return StageWalk.stages(job, ledger.cpus[job.index()], ledger.remaining[job.index()]);
    }

    private SimJob waiting(JobView view) {
        SimJob job = jobs.get(view.index());
        byte state = ledger.state[job.index()];
        if (state != Ledger.WAITING && state != Ledger.SCHEDULED) {
            throw new IllegalStateException("job " + view.id() + " has already started or been dropped");
        }
        if (job.arrival() > now) {
            throw new IllegalStateException("job " + view.id() + " cannot start before it arrives");
        }
        return job;
    }

    @Override
    public void wakeAt(JobView view, double at) {
        schedule(Math.max(now, at), WAKE, view.index());
    }

    private void schedule(double time, int kind, int job) {
        events.add(new Event(time, sequence++, kind, job, ledger.version[job]));
    }

    private record Event(double time, long sequence, int kind, int job, int version) implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Double.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
