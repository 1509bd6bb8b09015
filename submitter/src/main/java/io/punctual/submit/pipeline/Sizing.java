package io.punctual.submit.pipeline;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import java.time.Duration;
import java.util.Locale;

/**
 * How many executors of what shape a submission gets, why, and for how long its reservation holds them.
 *
 * @param capacityCpus the CPUs the job could have been given (its executor limit x cores), which Justice learns from
 */
public record Sizing(ContainerShapes shapes, SizingDecision.Sized decision, int capacityCpus) {

    /** How long the reservation must hold the containers. */
    public Duration hold() {
        return decision.hold();
    }

    /** One line saying which method and which bound decided the executor count. */
    public String basis() {
        String bound = decision.decidedBy().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return switch (decision.method()) {
            case "user" -> "your --num-executors (an explicit override of sizing)";
            case "RUSH" -> "sized by RUSH from this job's history (bound: " + bound + ")";
            case "Justice" -> "sized by Justice's learned fraction (bound: " + bound + ")";
            default -> decision.method() + " (bound: " + bound + ")";
        };
    }
}
