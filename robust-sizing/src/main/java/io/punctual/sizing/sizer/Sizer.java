package io.punctual.sizing.sizer;

/** Decides how many executors a deadline job gets, and how long its reservation must hold them. */
public interface Sizer {

    SizingDecision size(SizingRequest request);
}
