/**
 * The gateway ({@code punctual serve}): a drop-in for Livy's batch API with deadlines, so schedulers that already
 * speak Livy need no change. {@code /batches} keeps Livy's fields and lower-case states and adds Punctual's in fields
 * Livy clients ignore, with idempotent submission by key and a dry run that sizes and plans without launching; beside
 * it {@code /version}, {@code /metrics}, {@code /healthz}, {@code /queues} and a jobs page.
 *
 * <p>What it promises:
 * <ul>
 *   <li>every batch is recorded durably before anything is launched and after every change ({@link BatchStore}: an
 *       embedded journal, or PostgreSQL for several gateways, where one {@link Lease} holder launches, follows and
 *       recovers), so a restarted gateway re-attaches to what its batches started and releases what none owns;</li>
 *   <li>a team, known by its bearer token, sees only its own batches and may set only the Spark properties, ship
 *       only the local files and run only as the users its configuration allows;</li>
 *   <li>batches move through the same {@code SubmissionMachine} as the command line's submissions, followed by one
 *       shared poller, with admission rounds under Justice's or RUSH's order;</li>
 *   <li>teams' queues and latency-sensitive groups are admitted by BoPF in the order they arrived
 *       (bopf-bounded-priority-fairness.txt §3.3, §4.1): Hard groups get a reservation each period, Soft and Elastic
 *       ones their team's queue and a priority.</li>
 * </ul>
 * Layering: an entry point above the composition root; only the command line starts it.
 */
package io.punctual.submit.gateway;
