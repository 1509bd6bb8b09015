/**
 * The simulated cluster's shape ({@link ClusterSpec}): identical nodes running one-vcore containers, so capacity is
 * counted in CPUs, one per task, as the Justice paper counts it. A value of its own so that the request, the engine
 * and the policies share it without depending on each other.
 */
package io.punctual.simulate.cluster;
