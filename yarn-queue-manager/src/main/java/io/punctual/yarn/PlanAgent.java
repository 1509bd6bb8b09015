package io.punctual.yarn;

import java.util.Objects;

/**
 * Which of YARN's reservation agents places reservations in a plan queue, and how the plan counts resources: what
 * decides whether the ResourceManager accepts a reservation (Rayon §4.2: the agent searches the plan; §5.1–5.2: the
 * sharing policy bounds a user's share of it).
 *
 * @param agent              the agent's class, e.g. {@code AlignedPlannerWithGreedy}
 * @param resourceCalculator how containers are compared, e.g. {@code DominantResourceCalculator} (memory and vcores) or
 *                           {@code DefaultResourceCalculator} (memory only)
 * @param sharingPolicy      the admission policy, e.g. {@code CapacityOverTimePolicy}
 * @param source             where these were read, so a person can check them
 */
public record PlanAgent(String agent, String resourceCalculator, String sharingPolicy, String source) {

    public PlanAgent {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(resourceCalculator, "resourceCalculator");
        Objects.requireNonNull(sharingPolicy, "sharingPolicy");
        Objects.requireNonNull(source, "source");
    }

    /** One line for a batch's log: "YARN's AlignedPlannerWithGreedy (DominantResourceCalculator, ...; from ...)". */
    public String describe() {
        return "YARN's " + agent + " (" + resourceCalculator + ", " + sharingPolicy + "; " + source + ")";
    }
}
