package io.punctual.simulate.engine;

import java.util.Arrays;

/**
 * Max-min fair sharing (the fair-share allocators of YARN and Mesos, as the Justice paper's baselines): the CPUs
 * left by fixed allocations are split equally among sharing jobs, no job getting more than its demand and what it
 * cannot use going to the others (water-filling).
 */
final class Sharing {

    /** Members kept sorted by (demand, job), so water-filling needs no sort. */
    private int[] members = new int[16];
    private int[] demand = new int[16];
    private double[] allocation = new double[16];
    private int size;
    private double allocated;
    private int[] positionOf = new int[0];

    void add(int job, int jobDemand) {
        if (size == members.length) {
            members = Arrays.copyOf(members, size * 2);
            demand = Arrays.copyOf(demand, size * 2);
            allocation = Arrays.copyOf(allocation, size * 2);
        }
        int at = position(job, jobDemand);
        int insert = at < 0 ? -at - 1 : at;
        System.arraycopy(members, insert, members, insert + 1, size - insert);
        System.arraycopy(demand, insert, demand, insert + 1, size - insert);
        System.arraycopy(allocation, insert, allocation, insert + 1, size - insert);
        members[insert] = job;
        demand[insert] = jobDemand;
        allocation[insert] = 0;
        size++;
        if (job >= positionOf.length) {
            positionOf = Arrays.copyOf(positionOf, Math.max(job + 1, positionOf.length * 2));
        }
        reindex(insert);
    }

    void remove(int job) {
        int at = find(job);
        System.arraycopy(members, at + 1, members, at, size - at - 1);
        System.arraycopy(demand, at + 1, demand, at, size - at - 1);
        System.arraycopy(allocation, at + 1, allocation, at, size - at - 1);
        size--;
        reindex(at);
        allocated = 0;
        for (int k = 0; k < size; k++) {
            allocated += allocation[k];
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    int[] members() {
        return Arrays.copyOf(members, size);
    }

    double allocated() {
        return allocated;
    }

    double allocationOf(int job) {
        return allocation[find(job)];
    }

    /** Each member's allocation, in the order of {@link #members()}. */
    double[] allocations() {
        return Arrays.copyOf(allocation, size);
    }

    /** Water-fills {@code cpus} over the members, smallest demands first. */
    void allocate(double cpus) {
        double left = Math.max(0, cpus);
        allocated = 0;
        for (int k = 0; k < size; k++) {
            double give = Math.min(demand[k], left / (size - k));
            allocation[k] = give;
            left -= give;
            allocated += give;
        }
    }

    private int find(int job) {
        int at = job < positionOf.length ? positionOf[job] : -1;
        if (at < 0 || at >= size || members[at] != job) {
            throw new IllegalArgumentException("job " + job + " is not sharing");
        }
        return at;
    }

    private void reindex(int from) {
        for (int k = from; k < size; k++) {
            positionOf[members[k]] = k;
        }
    }

    /** Binary search on (demand, job); negative when absent, as {@link Arrays#binarySearch}. */
    private int position(int job, int jobDemand) {
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = demand[mid] != jobDemand ? Integer.compare(demand[mid], jobDemand)
                    : Integer.compare(members[mid], job);
            if (cmp < 0) {
                low = mid + 1;
            } else if (cmp > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
}
