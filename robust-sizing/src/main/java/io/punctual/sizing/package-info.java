/**
 * Punctual's sizing algorithms, and the few values every module shares with them. This package is the shared
 * vocabulary: a recurring job's identity ({@link JobKey}, derived by one rule so that a submission and the event log
 * it leaves behind name the same job), a bundle of cluster resources compared in every dimension at once
 * ({@link Resources}, as the papers' vector conditions are), and a job's runtime as a function of its executors
 * ({@link RuntimeCurve}: the history estimator learns one, the sizers read it). The algorithms live one paper to a
 * sub-package (Justice, RUSH, BoPF, Rayon), with the sizers that combine them in {@code sizer}.
 *
 * <p>The module's contract, stated once here: plain Java and commons-math3, nothing else. No I/O, no clock, no
 * threads, no Hadoop, Spark or Jackson type: time and history come in as arguments and decisions go out as values
 * for another component to act on, so every algorithm can be tested, simulated and benchmarked on its own. This
 * package imports none of its sub-packages.
 */
package io.punctual.sizing;
