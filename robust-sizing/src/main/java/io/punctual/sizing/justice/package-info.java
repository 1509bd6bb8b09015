/**
 * Justice: deadline-aware, fair-share sizing and admission control for jobs without a usable history
 * (Dimopoulos, Krintz, Wolski, "Fair Scheduling for Deadline Driven, Resource-Constrained Multi-Analytics
 * Workloads", UCSB tech report 2019-09, Section 2, Algorithms 1–4).
 *
 * <p>Justice learns, from every completed job, which fraction of a job's maximum parallelism would just have met
 * its deadline, and sizes the next job as that fraction of <em>its</em> maximum parallelism. It needs no repeats of
 * the same job, which makes it Punctual's sizer for first-time and ad-hoc jobs.
 *
 * <ul>
 *   <li>{@link io.punctual.sizing.justice.JusticeState#track} — TRACK_JOB (Algorithm 1), returns a new state;</li>
 *   <li>{@link io.punctual.sizing.justice.JusticeState#allocationFraction} — Algorithms 2 and 3;</li>
 *   <li>{@link io.punctual.sizing.justice.JusticeEstimator#estimate} — ESTIMATE_REQ (Algorithm 4, lines 21–30);</li>
 *   <li>{@link io.punctual.sizing.justice.JusticeAdmission#decide} — ADMISSION_CONTROL and CREATE_OFFERS
 *       (Algorithm 4) plus the kill of large deadline violators (Section 2.2);</li>
 *   <li>{@link io.punctual.sizing.justice.JusticeStateCodec} — the learned state as versioned text, so it
 *       survives restarts while this module stays free of I/O.</li>
 * </ul>
 *
 * <p>Units: CPUs are vcores (the paper assumes one CPU per task); computation time is CPU-seconds; deadlines are
 * relative to submission, as the paper's "maximum execution time".
 */
package io.punctual.sizing.justice;
