package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;

/** The resources a queue could use at a given time (its demand), as input to {@link BopfSimulation}. */
@FunctionalInterface
public interface DemandSchedule {

    /** Demand of {@code queue} at {@code time}; zero when it wants nothing. */
    Resources demandAt(String queue, long time);
}
