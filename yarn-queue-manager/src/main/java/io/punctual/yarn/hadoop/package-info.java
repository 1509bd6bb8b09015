/**
 * The adapter from Punctual's port to a real ResourceManager: {@link YarnGateway}, a {@code ClusterGateway} over
 * Hadoop's {@code YarnClient}, with the ResourceManager's REST API for what its RPC protocol does not report (the
 * effective resources of each queue), every (state, final status) pair mapped onto one {@code AppState}, the worse
 * outcome winning ({@link YarnStates}), and calls bounded by the client's patience so an outage is reported in
 * seconds, not after Hadoop's fifteen minutes of retries. Before reserving it can run the cluster's own reservation
 * agent, sharing policy and resource calculator on a copy of the plan (Rayon §4 as YARN implements it), so Punctual
 * forecasts YARN's answer rather than its own planner's guess of it. Files on the cluster's default file system
 * ({@link ClusterFiles}, {@link DefaultFileSystem}) live here too, as they need Hadoop's client.
 *
 * <p>Contract: Hadoop's types stop here. What other modules call ({@link YarnGateways#fromConfDir} and its siblings,
 * {@link ClusterFiles}, {@link DefaultFileSystem}) takes and returns paths, strings and Punctual's values; the public
 * methods that take Hadoop's own types serve this module's embedded cluster and doctor only.
 */
package io.punctual.yarn.hadoop;
