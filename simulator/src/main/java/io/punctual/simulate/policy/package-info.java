/**
 * The policies the simulator compares, by the names the command line uses ({@link PolicyCatalog}): the Justice
 * paper's baselines and Oracle, and the papers' algorithms run through robust-sizing's production classes, so the
 * numbers describe the code the gateway runs.
 *
 * <ul>
 *   <li>Justice paper §3: Baseline FS and Reactive FS ({@link FairShare}), and the per-job prescient
 *       {@link Oracle}.</li>
 *   <li>Justice, Algorithms 1–4: {@link JusticePolicy}, robust-sizing's admission rounds, learning from every
 *       completion.</li>
 *   <li>RUSH §III (worst-case demand): {@link RushSizing} through the production {@code RushSizer}, over
 *       {@link SimHistory}, the simulator's stand-in for the history estimator.</li>
 *   <li>First-fit admission over any sizer: {@link WaitingQueue}.</li>
 * </ul>
 *
 * <p>Contract: a policy decides from what the engine shows it; only the Oracle reads task times. Policies are built
 * from a {@link PolicyContext} holding the site's settings, so a simulated policy runs with the gateway's parameters.
 * Other modules add policies with {@link PolicyCatalog#with}, which is how deployed Punctual joins without this module
 * depending on the submitter.
 */
package io.punctual.simulate.policy;
