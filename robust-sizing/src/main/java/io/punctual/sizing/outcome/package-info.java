/**
 * Outcome figures every report of Punctual shares ({@link io.punctual.sizing.outcome.OutcomeFigures}): the measure by
 * which a policy is judged against its baselines and the Oracle (deadlines met over all jobs, unannounced misses over
 * the admitted, CPU time per met deadline), computed once for the simulator, the weekly benchmark and the gateway.
 */
package io.punctual.sizing.outcome;
