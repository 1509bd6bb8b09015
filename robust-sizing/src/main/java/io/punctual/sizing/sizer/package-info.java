/**
 * Deciding a deadline job's executors and how long its reservation holds them: the {@link Sizer} seam, one
 * {@link SizingRequest} in, one {@link SizingDecision} out (sized, unmeetable with the earliest deadline that could be
 * met, or not applicable with the reason), every term kept for {@code punctual explain}. The sizers, in the order
 * the submission pipeline asks them:
 *
 * <ul>
 *   <li>{@link UserSizer}: the user's own count, reported as an override.</li>
 *   <li>{@link RushSizer}: recurring jobs with enough good runs, by RUSH's worst-case demand
 *       (rush-robust-scheduler.txt §III-A, Algorithms 1–2) over the job's {@link JobHistory}.</li>
 *   <li>{@link WidthSizer}: jobs with a width of their own but too little history, from the fleet's work per task
 *       (Justice's learned share with the deadline and the serial part taken out; see
 *       {@code io.punctual.sizing.width}).</li>
 *   <li>{@link JusticeSizer}: anything else, by Justice's fraction of the job's widest stage (Algorithms 2–4,
 *       ESTIMATE_REQ's queue-time scaling included).</li>
 * </ul>
 *
 * <p>Contract: {@link FirstApplicableSizer} chains sizers, keeping the reasons the earlier ones stepped aside;
 * {@link LaunchFloor} refuses a deadline no launch could meet before anything is sized; a caller passes every answer
 * through {@link DecisionCheck} before acting on it, which fails loudly on a size beyond the team, the plan or the
 * job's width and turns a predicted miss into a refusal, so no decision admits its own predicted miss.
 */
package io.punctual.sizing.sizer;
