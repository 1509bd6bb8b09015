package io.punctual.sizing.rayon;

import io.punctual.sizing.rayon.planning.Gree;
import io.punctual.sizing.rayon.planning.GreeL;
import io.punctual.sizing.rayon.planning.Planner;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The planners {@code punctual plan --planner} can name. */
public enum PlannerKind {
    GREE("gree"),
    GREE_L("gree-l");

    private final String flag;

    PlannerKind(String flag) {
        this.flag = flag;
    }

    public String flag() {
        return flag;
    }

    public Planner planner() {
        return this == GREE ? new Gree() : new GreeL();
    }

    /** The kind for a {@code --planner} value, case-insensitive. */
    public static PlannerKind fromFlag(String value) {
        for (PlannerKind kind : values()) {
            if (kind.flag.equalsIgnoreCase(value.strip())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown planner '" + value + "'; use one of "
                + Arrays.stream(values()).map(PlannerKind::flag).collect(Collectors.joining(", ")));
    }
}
