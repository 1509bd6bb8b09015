package io.punctual.simulate.reservations;

import io.punctual.simulate.SimulationRequest;
import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.workload.DeadlineType;
import io.punctual.simulate.workload.TaskModel;
import io.punctual.simulate.workload.TraceException;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlannerKind;
import io.punctual.sizing.rayon.plan.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReservationSimulatorTest {

    @TempDir
    Path dir;

    private static final Resources CAPACITY = new Resources(40 * 131_072, 40 * 32);

    @Test
    void everyAcceptedReservationLiesInItsWindowAndTheyNeverOverfillThePlan() {
        List<RayonWorkload.Request> workload = RayonWorkload.generate(3, 400, CAPACITY, 1.5);
        for (PlannerKind kind : PlannerKind.values()) {
            ReservationAcceptance.Result result = ReservationAcceptance.place(kind.name(), kind, workload, CAPACITY);
            assertThat(result.overCommitted()).isZero();
            assertThat(result.acceptance()).isBetween(0.0, 1.0);
            assertThat(result.acceptedCount()).isGreaterThan(0).isLessThan(400);
            for (int i = 0; i < workload.size(); i++) {
                RayonWorkload.Request request = workload.get(i);
                if (result.accepted()[i]) {
                    assertThat(result.allocations().get(i)).isNotEmpty().allSatisfy((Segment s) -> {
                        assertThat(s.start()).isGreaterThanOrEqualTo(request.arrival());
                        assertThat(s.end()).isLessThanOrEqualTo(request.deadline());
                    });
                } else {
                    assertThat(result.allocations().get(i)).isEmpty();
                }
            }
        }
    }

    @Test
    void theCommandWritesOneRowPerRequestAndPolicyAndRefusesOtherPolicies() throws IOException {
        ReservationSimulator.Report report = ReservationSimulator.run(request(List.of("gree", "gree-l")), line -> { });
        assertThat(report.results()).hasSize(2);
        assertThat(report.table()).contains("gree-l").contains("acceptance");
        List<String> lines = Files.readAllLines(dir.resolve("jobs.csv"));
        assertThat(lines).hasSize(1 + 2 * 300);
        long accepted = lines.stream().filter(l -> l.startsWith("gree,")).filter(l -> l.split(",")[4].equals("true"))
                .count();
        assertThat(accepted).isEqualTo(report.results().get(0).acceptedCount());
        assertThatThrownBy(() -> ReservationSimulator.run(request(List.of("justice")), line -> { }))
                .hasMessageContaining("gree, gree-l");
    }

    @Test
    void aBadSpecSaysHowToWriteOne() {
        assertThatThrownBy(() -> ReservationSimulator.run(new SimulationRequest("reservations:requests=0",
                new ClusterSpec(2, 8, 32768, 2048), List.of("gree"), DeadlineType.FIXED2X, 1, Optional.empty(),
                TaskModel.DEFAULT), line -> { })).isInstanceOf(TraceException.class)
                .hasMessageContaining("requests=N");
        assertThatThrownBy(() -> ReservationSimulator.run(new SimulationRequest("reservations:n=4",
                new ClusterSpec(2, 8, 32768, 2048), List.of("gree"), DeadlineType.FIXED2X, 1, Optional.empty(),
                TaskModel.DEFAULT), line -> { })).hasMessageContaining("unknown field 'n'");
    }

    private SimulationRequest request(List<String> policies) {
        return new SimulationRequest("reservations:requests=300,load=1.2", new ClusterSpec(40, 32, 131_072, 2048),
                policies, DeadlineType.FIXED2X, 5, Optional.of(dir), TaskModel.DEFAULT);
    }
}
