/**
 * What a recurring job's recorded runs predict about its next one: the demand distribution, the task-time
 * distribution, the widest stage and the runtime against the executor count. {@link RuntimeModels#train} builds a
 * {@link RuntimeModel} from a job's runs, or says why it cannot ({@link TrainingOutcome}); {@link ValidatedCurve}
 * then picks, by leave-one-count-out cross-validation ({@link CountCrossValidation}), the curve sizing reads as an
 * {@code io.punctual.sizing.RuntimeCurve}, or says why the runs support none ({@link CurveOutcome}).
 *
 * <ul>
 *   <li>RUSH (rush-robust-scheduler.txt): demand per run is the total workload v of §II, in executor-core-seconds
 *       ({@link DemandDistribution}); its reference distribution φ (§III) is the empirical samples or a fitted
 *       Gaussian or log-normal ({@link FittedDistribution}; RUSH's own estimators, §IV, include a Gaussian one).</li>
 *   <li>Rayon (rayon-reservation-based-scheduling.txt, §3): the widest stage, the p99 task time and the demand are an
 *       atom's h, l and w; the curve replays each run's stage DAG by Graham's list scheduling
 *       ({@link ListScheduler}).</li>
 *   <li>Not from the papers: corrections for the input a run read ({@link InputDrift}) and the executors it had
 *       ({@link ExecutorScaling}), the choice among candidate curves with bounded extrapolation and a conformal
 *       spread, and the leave-one-out accuracy measure ({@link LeaveOneOut}).</li>
 * </ul>
 *
 * <p>Contract: pure computation over {@code RunRecord}s, depending only on {@code io.punctual.history.run} and
 * robust-sizing. Models are immutable; {@link ReplayCache} is the one shared, thread-safe part, for the gateway.
 */
package io.punctual.history.model;
