package io.punctual.yarn.doctor;

import java.util.Objects;

/**
 * What {@link ClusterDoctor} found for one prerequisite.
 *
 * @param detail what was seen (met) or what is wrong (missing, unknown), in a sentence
 */
public record Finding(Prerequisite prerequisite, Verdict verdict, String detail) {

    public Finding {
        Objects.requireNonNull(prerequisite, "prerequisite");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(detail, "detail");
    }

    static Finding met(Prerequisite prerequisite, String detail) {
        return new Finding(prerequisite, Verdict.MET, detail);
    }

    static Finding missing(Prerequisite prerequisite, String detail) {
        return new Finding(prerequisite, Verdict.MISSING, detail);
    }

    static Finding unknown(Prerequisite prerequisite, String detail) {
        return new Finding(prerequisite, Verdict.UNKNOWN, detail);
    }

    /** What to change when this is not met: the prerequisite's own advice. */
    public String fix() {
        return prerequisite.fix();
    }
}
