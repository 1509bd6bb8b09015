package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class OnionPeelingPropertiesTest {

    private final OnionPeeling backward = new BackwardOnionPeeling();
    private final OnionPeeling bisection = new BisectionOnionPeeling(1e-10);

    @Provide
    Arbitrary<Rounds.Round> small() {
        return Rounds.rounds(1, 6);
    }

    @Provide
    Arbitrary<Rounds.Round> medium() {
        return Rounds.rounds(1, 30);
    }

    @Provide
    Arbitrary<Rounds.Round> forBisection() {
        return Rounds.rounds(1, 10);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void backwardPeelingIsTheExhaustiveLexicographicOptimum(@ForAll("small") Rounds.Round round) {
        PeelingResult result = backward.peel(round.jobs(), round.containers(), round.now());
        double[] found = result.targets().stream().mapToDouble(CompletionTarget::utility).sorted().toArray();
        double[] optimum = ExhaustiveLexOptimum.sortedUtilities(round.jobs(), round.containers(), round.now());

        // The least utility is Lawler-optimal always; the whole vector is optimal unless zeros were avoidable.
        assertThat(found[0]).isCloseTo(optimum[0], within(1e-9));
        if (Rounds.noAvoidableZero(result)) {
            assertThat(found).containsExactly(optimum, within(1e-9));
        }
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void everyLayerSatisfiesCondition12(@ForAll("medium") Rounds.Round round) {
        PeelingResult result = backward.peel(round.jobs(), round.containers(), round.now());

        for (int layer = 0; layer < round.jobs().size(); layer++) {
            assertThat(Feasibility.layerHolds(result, layer)).as("condition (12) at layer %d", layer).isTrue();
        }
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 20)
    void noJobCanRiseWithoutLoweringAPoorerOne(@ForAll("medium") Rounds.Round round) {
        PeelingResult result = backward.peel(round.jobs(), round.containers(), round.now());
        Assume.that(Rounds.noAvoidableZero(result));

        for (int j = 0; j < round.jobs().size(); j++) {
            double epsilon = 1e-6 * (1 + Math.abs(result.targets().get(j).utility()));
            assertThat(Feasibility.canRise(result, j, epsilon)).as("job %d could rise by %s", j, epsilon).isFalse();
        }
    }

    @Property(tries = 100, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 20)
    void thePublishedBisectionReachesTheSameLayers(@ForAll("forBisection") Rounds.Round round) {
        PeelingResult fast = backward.peel(round.jobs(), round.containers(), round.now());
        Assume.that(Rounds.noAvoidableZero(fast));
        PeelingResult reference = bisection.peel(round.jobs(), round.containers(), round.now());

        double[] fastLevels = fast.targets().stream().mapToDouble(CompletionTarget::utility).sorted().toArray();
        double[] referenceLevels = reference.targets().stream().mapToDouble(CompletionTarget::utility).sorted()
                .toArray();
        assertThat(referenceLevels).as("bisection %s vs backward %s", Arrays.toString(referenceLevels),
                Arrays.toString(fastLevels)).containsExactly(fastLevels, within(1e-6));
        for (int layer = 0; layer < round.jobs().size(); layer++) {
            assertThat(Feasibility.layerHolds(reference, layer)).as("condition (12) at layer %d", layer).isTrue();
        }
    }
}
