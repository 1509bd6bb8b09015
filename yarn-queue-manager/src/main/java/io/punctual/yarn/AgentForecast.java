package io.punctual.yarn;

import java.util.Objects;
import java.util.Optional;

/**
 * What a cluster's reservation agent would answer to a reservation now, found without reserving anything.
 *
 * @param agent   the agent that answered
 * @param refusal why it would refuse; empty when it would place the reservation
 */
public record AgentForecast(PlanAgent agent, Optional<String> refusal) {

    public AgentForecast {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(refusal, "refusal");
    }

    public static AgentForecast places(PlanAgent agent) {
        return new AgentForecast(agent, Optional.empty());
    }

    public static AgentForecast refuses(PlanAgent agent, String why) {
        return new AgentForecast(agent, Optional.of(why));
    }

    public boolean placed() {
        return refusal.isEmpty();
    }
}
