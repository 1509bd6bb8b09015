/**
 * A real YARN in this JVM ({@link EmbeddedYarn}): a MiniYARNCluster with the CapacityScheduler, the ReservationSystem
 * and the scheduler configuration API on, a reservable plan queue and a best-effort queue, and NodeManagers that run
 * real containers. It is a product feature ({@code punctual demo}, {@code serve --embedded}, {@code cluster}) as well
 * as the integration tests' cluster, which is why it lives in main code. Processes outside this JVM, spark-submit
 * included, reach it through the configuration directory it writes.
 *
 * <p>Callers see the port: {@link EmbeddedYarn} hands out a {@code ClusterGateway} and names no Hadoop type in its
 * public methods, while inside this package Hadoop's server classes are used freely (including a work-around that
 * keeps the ResourceManager's REST API answering in a single JVM). Containers a killed JVM left behind are reaped on
 * the next start, and {@link ResourceManagerLink} lets a test or drill take the ResourceManager away, refused or
 * silent, without stopping the cluster.
 */
package io.punctual.yarn.embedded;
