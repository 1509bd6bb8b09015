package io.punctual.yarn.hadoop;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.ReservationAllocationState;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationRequest;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.apache.hadoop.yarn.api.records.ReservationRequests;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceAllocationRequest;

/** Translates Punctual's reservation values to YARN's records and back. */
final class ReservationTranslation {

    private ReservationTranslation() {
    }

    static ReservationDefinition toYarn(ReservationSpec spec) {
        List<ReservationRequest> requests = spec.stages().stream().map(ReservationTranslation::toYarn).toList();
        ReservationRequests combined = ReservationRequests.newInstance(requests, interpreter(spec.combine()));
        // YARN reads a recurrence expression as the period in milliseconds; "0" means it does not recur.
        String recurrence = spec.recurrence().map(p -> Long.toString(p.toMillis())).orElse("0");
        return ReservationDefinition.newInstance(spec.arrival().toEpochMilli(), spec.deadline().toEpochMilli(),
                combined, spec.name(), recurrence, Priority.UNDEFINED);
    }

    static ReservationRequest toYarn(StageRequest stage) {
        return ReservationRequest.newInstance(toYarn(stage.capability()), stage.containers(), stage.concurrency(),
                stage.duration().toMillis());
    }

    static Resource toYarn(Resources resources) {
        return Resource.newInstance(resources.memoryMb(), Math.toIntExact(resources.vcores()));
    }

    static Resources fromYarn(Resource resource) {
        if (resource == null) {
            return Resources.ZERO;
        }
        return new Resources(Math.max(0, resource.getMemorySize()), Math.max(0, resource.getVirtualCores()));
    }

    static ReservationRequestInterpreter interpreter(ReservationSpec.Combine combine) {
        return switch (combine) {
            case ALL -> ReservationRequestInterpreter.R_ALL;
            case ANY -> ReservationRequestInterpreter.R_ANY;
            case ORDER -> ReservationRequestInterpreter.R_ORDER;
            case ORDER_NO_GAP -> ReservationRequestInterpreter.R_ORDER_NO_GAP;
        };
    }

    static ReservationInfo fromYarn(ReservationAllocationState state) {
        ReservationDefinition definition = state.getReservationDefinition();
        List<AllocationStep> steps = state.getResourceAllocationRequests().stream()
                .map(ReservationTranslation::fromYarn).toList();
        return new ReservationInfo(new ReservationId(state.getReservationId().toString()),
                definition.getReservationName(), state.getUser(),
                Instant.ofEpochMilli(definition.getArrival()), Instant.ofEpochMilli(definition.getDeadline()), steps,
                recurrence(definition.getRecurrenceExpression()));
    }

    /** YARN's recurrence expression is the period in milliseconds; empty or "0" means it does not recur. */
    static Optional<Duration> recurrence(String expression) {
        if (expression == null || expression.isBlank()) {
            return Optional.empty();
        }
        try {
            long period = Long.parseLong(expression.trim());
            return period > 0 ? Optional.of(Duration.ofMillis(period)) : Optional.empty();
        } catch (NumberFormatException notAPeriod) {
            // YARN itself accepts only a number here; anything else cannot describe a period Punctual can unroll.
            return Optional.empty();
        }
    }

    static AllocationStep fromYarn(ResourceAllocationRequest request) {
        return new AllocationStep(Instant.ofEpochMilli(request.getStartTime()), Instant.ofEpochMilli(request.getEndTime()),
                fromYarn(request.getCapability()));
    }
}
