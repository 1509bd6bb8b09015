package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.PlanAgent;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PredictionTest {

    private static final PlanAgent ALIGNED = new PlanAgent("AlignedPlannerWithGreedy", "DominantResourceCalculator",
            "CapacityOverTimePolicy", "read from the ResourceManager's scheduler configuration");

    @Test
    void theClusterAgentsAnswerIsThePredictionWhereItCouldBeRun() {
        var agentRefuses = new Prediction(true, Optional.of(AgentForecast.refuses(ALIGNED, "cannot be satisfied")));
        var agentPlaces = new Prediction(false, Optional.of(AgentForecast.places(ALIGNED)));

        assertThat(agentRefuses.fits()).isFalse();
        assertThat(agentPlaces.fits()).isTrue();
        assertThat(Prediction.plannerOnly(true).fits()).isTrue();
        assertThat(Prediction.plannerOnly(false).fits()).isFalse();
    }

    @Test
    void aRefusalNamesTheAgentItsSettingsAndWhetherPunctualsPlannerHadRoom() {
        var agentRefuses = new Prediction(true, Optional.of(AgentForecast.refuses(ALIGNED, "cannot be satisfied")));

        assertThat(agentRefuses.refusedBy()).hasValueSatisfying(text -> assertThat(text)
                .contains("YARN's AlignedPlannerWithGreedy (DominantResourceCalculator, CapacityOverTimePolicy")
                .contains("cannot be satisfied").contains("Punctual's planner (GREE) would place it"));
        assertThat(agentRefuses.afterRefusal()).contains("refused by YARN's AlignedPlannerWithGreedy")
                .contains("as its copy of the plan predicted").contains("Punctual's planner (GREE) had found room");
        assertThat(new Prediction(false, Optional.of(AgentForecast.places(ALIGNED))).afterRefusal())
                .contains("the plan changed in between").contains("finds no room either");
        assertThat(Prediction.plannerOnly(true).refusedBy()).isEmpty();
        assertThat(Prediction.plannerOnly(false).refusedBy()).hasValue(
                "Punctual's planner (GREE) finds no room in the plan before the deadline");
    }
}
