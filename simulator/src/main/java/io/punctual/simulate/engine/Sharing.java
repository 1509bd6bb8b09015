package io.punctual.simulate.engine;

import java.util.Arrays;

/**
 * Max-min fair sharing (the fair-share allocators of YARN and Mesos, as the Justice paper's baselines): the CPUs
 * left by fixed allocations are split equally among sharing jobs, no job getting more than its demand and what it
 * cannot use going to the others (water-filling).
 */
final class Sharing {

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
        if (job >= positionOf.length) {
            positionOf = Arrays.copyOf(positionOf, Math.max(job + 1, positionOf.length * 2));
        }
        members[size] = job;
        demand[size] = jobDemand;
        positionOf[job] = size;
        size++;
    }

    void remove(int job) {
        int at = positionOf[job];
        size--;
        members[at] = members[size];
        demand[at] = demand[size];
        allocation[at] = allocation[size];
        positionOf[members[at]] = at;
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
        return allocation[positionOf[job]];
    }

    /** Water-fills {@code cpus} over the members, smallest demands first. */
    void allocate(double cpus) {
        Integer[] order = new Integer[size];
        for (int k = 0; k < size; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> demand[a] != demand[b] ? Integer.compare(demand[a], demand[b])
                : Integer.compare(members[a], members[b]));
        double left = Math.max(0, cpus);
        allocated = 0;
        for (int k = 0; k < size; k++) {
            double fair = left / (size - k);
            double give = Math.min(demand[order[k]], fair);
            allocation[order[k]] = give;
            left -= give;
            allocated += give;
        }
    }
}
