package io.punctual.submit.pipeline;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How many executors of what shape a submission gets, why, and for how long its reservation holds them.
 *
 * @param capacityCpus the CPUs the job could have been given (its executor limit x cores), which Justice learns from
 * @param completeBy   the completion RUSH's arbitration gave a job it let finish after its deadline (RUSH §III-C),
 *                     which its reservation ends by and Justice's large-violator kill judges it by; empty: its deadline
 * @param opensAt      when its reservation's allocation opens: its launch overhead is measured from here, so neither a
 *                     wait in an admission queue, a retry for room in the plan nor a start the plan placed later is
 *                     learned as launching; empty before it is reserved and for a sizing restored from the store,
 *                     which teaches no overhead
 */
public record Sizing(ContainerShapes shapes, SizingDecision.Sized decision, int capacityCpus,
                     Optional<Instant> completeBy, Optional<Instant> opensAt) {

    public Sizing {
        Objects.requireNonNull(completeBy, "completeBy");
        Objects.requireNonNull(opensAt, "opensAt");
    }

    /** A sizing for the job's own deadline. */
    public Sizing(ContainerShapes shapes, SizingDecision.Sized decision, int capacityCpus) {
        this(shapes, decision, capacityCpus, Optional.empty(), Optional.empty());
    }

    /** The same sizing, for a job arbitration asked to complete by {@code completion} (empty: its deadline). */
    public Sizing completingBy(Optional<Instant> completion) {
        return new Sizing(shapes, decision, capacityCpus, completion, opensAt);
    }

    /** The same sizing, its reservation's allocation opening at {@code at}. */
    public Sizing opensAt(Instant at) {
        return new Sizing(shapes, decision, capacityCpus, completeBy, Optional.of(at));
    }

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
            case "width" -> "sized from its width and the work per task of recent runs (bound: " + bound + ")";
            default -> decision.method() + " (bound: " + bound + ")";
        };
    }
}
