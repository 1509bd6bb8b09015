package io.punctual.history.model;

import io.punctual.sizing.JobKey;

/** Choosing a job's runtime curve gives a cross-validated curve, or says why the runs support none. */
public sealed interface CurveOutcome permits CurveOutcome.Chosen, CurveOutcome.NoCurve {

    record Chosen(ValidatedCurve curve) implements CurveOutcome {
    }

    /** No run of the job can say how long it takes: sizing falls back to a method that needs no history. */
    record NoCurve(JobKey jobKey, String reason) implements CurveOutcome {
    }
}
