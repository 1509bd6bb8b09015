package io.punctual.submit.pipeline;

import io.punctual.yarn.AgentForecast;
import java.util.Optional;

/**
 * What Punctual expects YARN to answer to a reservation, before asking. Two views: Punctual's own planner (GREE on the
 * plan as YARN holds it, Rayon Section 4), and — where the cluster's reservation agent can be run here — that agent,
 * with the cluster's sharing policy and resource calculator, on a copy of the plan. The agent is what decides, so its
 * answer is the prediction; the planner's is kept to say when the two differ (YARN's agents turn down some requests
 * the plan could hold: {@code benchmarks/results/rayon.md}).
 *
 * @param plannerFits whether Punctual's planner finds room
 * @param agent       the cluster's agent's answer, when it could be run here
 */
public record Prediction(boolean plannerFits, Optional<AgentForecast> agent) {

    public static Prediction plannerOnly(boolean fits) {
        return new Prediction(fits, Optional.empty());
    }

    /** Whether the reservation is expected to be placed. */
    public boolean fits() {
        return agent.map(AgentForecast::placed).orElse(plannerFits);
    }

    /** Who made the prediction, for a batch's log. */
    public String by() {
        return agent.map(a -> a.agent().describe() + ", run on a copy of the plan")
                .orElse("Punctual's planner (GREE)");
    }

    /** Which of the two views refuses the reservation and why; empty when it is expected to fit. */
    public Optional<String> refusedBy() {
        if (fits()) {
            return Optional.empty();
        }
        if (agent.isEmpty()) {
            return Optional.of("Punctual's planner (GREE) finds no room in the plan before the deadline");
        }
        String agentSays = by() + " refuses it: " + agent.get().refusal().orElse("");
        return Optional.of(agentSays + (plannerFits
                ? "; Punctual's planner (GREE) would place it, so it is YARN's agent that refuses room the plan has"
                : "; Punctual's planner (GREE) finds no room either"));
    }

    /** After YARN refused the reservation: which agent refused, and whether each view had expected it. */
    public String afterRefusal() {
        String planner = plannerFits ? "Punctual's planner (GREE) had found room" : "Punctual's planner (GREE) finds"
                + " no room either";
        if (agent.isEmpty()) {
            return "refused by YARN's reservation agent; " + planner;
        }
        String expected = agent.get().placed()
                ? "although it placed the request on a copy of the plan moments before, so the plan changed in between"
                : "as its copy of the plan predicted";
        return "refused by " + agent.get().agent().describe() + " " + expected + "; " + planner;
    }
}
