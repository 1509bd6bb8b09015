package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every state of a submission met with every observation, under the default admission policy (Justice's queue) and
 * without re-planning: the next state and the kinds of the actions, as one table ({@code submission-machine.table}
 * beside this class) that a change to the machine must change on purpose. Rules that hold on every pair are checked
 * apart from the table: nothing held is left behind when a submission ends, an ended one stays ended, the submission
 * itself never changes, and a kill ends whatever is alive.
 */
class SubmissionMachineTableTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");
    private static final Instant NOW = T0.plusSeconds(30);
    private static final AppId APP = new AppId("application_1_0001");
    private static final ReservationId RESERVATION = new ReservationId("reservation_1_0001");
    private static final Instant HOLD_ENDS = T0.plus(Duration.ofMinutes(8));

    private final SubmissionMachine machine = new SubmissionMachine(new LargeViolators(1000), AdmissionPolicy.JUSTICE);
    private final Submission submission = new Submission("p-table-1", SubmitArguments.parse(List.of("app.jar")),
            new JobKey("t", "j"), T0, T0.plus(Duration.ofMinutes(10)), "sla", Path.of("/tmp"));
    private final Sizing sizing = new Sizing(new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 2),
            new SizingDecision.Sized(2, "user", Bound.DEADLINE, Duration.ofMinutes(5), Optional.empty(),
                    Optional.empty(), List.of()), 2);
    private final ReservationInfo held = new ReservationInfo(RESERVATION, "punctual", "", T0, HOLD_ENDS,
            List.of(new AllocationStep(T0, HOLD_ENDS, Resources.of(3, 4608))));

    private Map<String, SubmissionState> states() {
        Map<String, SubmissionState> states = new LinkedHashMap<>();
        states.put("Received", new SubmissionState.Received(submission));
        states.put("Sized", new SubmissionState.Sized(submission, sizing, 0, Optional.empty()));
        states.put("Queued", new SubmissionState.Queued(submission, sizing, T0, "no room", Optional.empty()));
        states.put("Reserved", new SubmissionState.Reserved(submission, sizing, held, T0));
        states.put("Launching", new SubmissionState.Launching(submission, sizing, Optional.of(RESERVATION),
                RESERVATION.queueName(), Optional.of(HOLD_ENDS)));
        states.put("Running", new SubmissionState.Running(submission, sizing, Optional.of(RESERVATION), APP,
                SubmissionState.Watch.fresh(), Optional.of(HOLD_ENDS)));
        states.put("Ended", new SubmissionState.Ended(submission, new SubmissionOutcome.Killed(submission, "test")));
        return states;
    }

    private Map<String, Observation> observations() {
        var request = new SizingRequest(submission.jobKey(), T0, T0, submission.deadline(), 0.9, 0.1,
                Resources.of(1, 1536), 1, Optional.empty(), new ParallelismEstimate(8, "test"), 8, 8, Optional.empty());
        Decision sized = new Decision(request, sizing.shapes(), sizing.decision());
        Decision unmeetable = new Decision(null, sizing.shapes(), new SizingDecision.Unmeetable("too short",
                Bound.DEADLINE, Optional.of(T0.plus(Duration.ofMinutes(30))), List.of()));
        Map<String, Observation> observations = new LinkedHashMap<>();
        observations.put("Tick", new Observation.Tick());
        observations.put("Turn", new Observation.Turn(Optional.empty()));
        observations.put("Restarted", new Observation.Restarted());
        observations.put("SizingDone(sized)", new Observation.SizingDone(sized, Optional.empty()));
        observations.put("SizingDone(unmeetable)", new Observation.SizingDone(unmeetable, Optional.empty()));
        observations.put("ReservationDone(held)", new Observation.ReservationDone(Optional.of(held),
                Prediction.plannerOnly(true), "", Optional.empty(), Duration.ofMillis(40)));
        observations.put("ReservationDone(refused)", new Observation.ReservationDone(Optional.empty(),
                Prediction.plannerOnly(false), "no room", Optional.empty(), Duration.ofMillis(40)));
        observations.put("QueueSeen(running)", new Observation.QueueSeen(Optional.of(new QueueSnapshot(
                RESERVATION.queueName(), "sla", 0.2, 0.2, 0, Resources.of(0, 0), Resources.of(3, 4608),
                Resources.of(3, 4608), 0, 0))));
        observations.put("QueueSeen(none)", new Observation.QueueSeen(Optional.empty()));
        observations.put("QueueLost", new Observation.QueueLost("expired"));
        observations.put("LaunchDone(app)", new Observation.LaunchDone(Optional.of(APP), "", Duration.ofSeconds(9)));
        observations.put("LaunchDone(failed)", new Observation.LaunchDone(Optional.empty(), "exit 1",
                Duration.ofSeconds(9)));
        observations.put("TagSearched(none)", new Observation.TagSearched(Optional.empty()));
        observations.put("AppSeen(running)", seen(AppState.RUNNING));
        observations.put("AppSeen(succeeded)", seen(AppState.SUCCEEDED));
        observations.put("AppSeen(unknown)", new Observation.AppSeen(Optional.empty(), 0, Optional.empty()));
        observations.put("Progressed", new Observation.Progressed(List.of()));
        observations.put("KillAsked", new Observation.KillAsked("deleted"));
        return observations;
    }

    private static Observation.AppSeen seen(AppState state) {
        return new Observation.AppSeen(Optional.of(new AppReport(APP, "j", "u", RESERVATION.queueName(), state,
                "YARN/" + state, Set.of(), T0, state.isFinal() ? Optional.of(NOW) : Optional.empty(), 0.5f, "",
                Optional.empty())), 4, Optional.empty());
    }

    /** One state met with one observation, and the machine's step. */
    private record Pair(String stateName, SubmissionState state, String observationName, SubmissionMachine.Step step) {

        String name() {
            return stateName + " + " + observationName;
        }

        /** The table's line: state, observation, next state, the kinds of the actions in order. */
        String row() {
            String actions = step.actions().stream().map(SubmissionMachineTableTest::kind)
                    .collect(Collectors.joining(" "));
            return String.format("%-10s %-24s -> %-10s %s", stateName, observationName,
                    step.state().getClass().getSimpleName(), actions.isEmpty() ? "-" : actions).strip();
        }
    }

    /** Every state against every observation, in the table's order. */
    private List<Pair> pairs() {
        Map<String, Observation> observations = observations();
        List<Pair> pairs = new ArrayList<>();
        states().forEach((stateName, state) -> observations.forEach((observationName, observation) ->
                pairs.add(new Pair(stateName, state, observationName, machine.next(state, observation, NOW)))));
        return pairs;
    }

    private static String kind(Action action) {
        return action instanceof Action.Tell tell ? "Tell:" + tell.event().getClass().getSimpleName()
                : action.getClass().getSimpleName();
    }

    @Test
    void everyStateMeetsEveryObservationAsTheTableSays() throws Exception {
        String table;
        try (var in = getClass().getResourceAsStream("submission-machine.table")) {
            table = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> expected = table.lines().filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(String::strip).toList();

        assertThat(pairs().stream().map(Pair::row).toList()).containsExactlyElementsOf(expected);
    }

    @Test
    void aSubmissionThatEndsReleasesTheReservationItHeld() {
        pairs().stream().filter(p -> p.step().state().isEnded() && !p.state().isEnded() && holds(p.state()))
                .forEach(p -> assertThat(p.step().actions()).as(p.name()).contains(new Action.Release(RESERVATION)));
    }

    @Test
    void anEndedSubmissionStaysEndedAndOnlyKillsAnApplicationThatArrivesLate() {
        pairs().stream().filter(p -> p.state().isEnded()).forEach(p -> {
            assertThat(p.step().state()).as(p.name()).isEqualTo(p.state());
            assertThat(p.step().actions()).as(p.name())
                    .allMatch(a -> a instanceof Action.Kill k && k.app().equals(APP));
        });
    }

    @Test
    void theSubmissionIsTheSameInEveryNextState() {
        pairs().forEach(p -> assertThat(p.step().state().submission()).as(p.name()).isEqualTo(submission));
    }

    @Test
    void aKillEndsEveryLiveStateAndStopsTheApplicationItHas() {
        states().forEach((name, state) -> {
            SubmissionMachine.Step step = machine.next(state, new Observation.KillAsked("deleted"), NOW);
            assertThat(step.state().isEnded()).as(name).isTrue();
            if (state instanceof SubmissionState.Running) {
                assertThat(step.actions()).as(name).anyMatch(a -> a instanceof Action.Kill k && k.app().equals(APP));
            }
        });
    }

    private static boolean holds(SubmissionState state) {
        return state instanceof SubmissionState.Reserved
                || state instanceof SubmissionState.Launching l && l.reservation().isPresent()
                || state instanceof SubmissionState.Running r && r.reservation().isPresent();
    }
}
