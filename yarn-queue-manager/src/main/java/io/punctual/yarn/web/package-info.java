/**
 * Calling the ResourceManager's web app ({@link ResourceManagerWebApp}): at the address YARN's own clients would use
 * (HTTP or HTTPS by {@code yarn.http.policy}, one per ResourceManager id under HA), with failover that starts from the
 * address that answered last and one shared JDK HTTP client that follows a standby's redirect. The adapter's REST
 * calls, team queues and the doctor all go through it, so high availability and TLS are handled in one place.
 *
 * <p>Hadoop's {@code Configuration} is read only to find the addresses; a caller that already knows one needs no
 * Hadoop type.
 */
package io.punctual.yarn.web;
