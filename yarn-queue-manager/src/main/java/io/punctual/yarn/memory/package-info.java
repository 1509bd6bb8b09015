/**
 * A YARN cluster modelled in memory behind the same port ({@link InMemoryClusterGateway}): queues, a reservation
 * system whose plans robust-sizing's GREE-L places through Rayon's admission steps, plan-follower steps, applications
 * with tags and kills, and, on demand, the faults Punctual must survive (Hadoop 3.3.x's reservation queue without
 * resources, a ResourceManager that stops answering). Unit tests and the simulator drive Punctual through it, so it
 * keeps YARN's conventions (ids, queue names, states, the wording of refusals and diagnostics) where callers read them.
 *
 * <p>Contract: it passes the same contract tests as the Hadoop adapter, and names no Hadoop type. It starts no thread
 * and reads no time but the injected clock; every call first plays the model forward to the clock's instant, so with
 * a {@link ManualClock} waiting costs nothing. Where it departs from YARN (one level of queues under root, no
 * preemption, recurring reservations refused, where in its window a reservation lands) the class concerned says so,
 * and tests must not depend on it.
 */
package io.punctual.yarn.memory;
