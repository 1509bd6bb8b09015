/**
 * {@code punctual doctor}: whether a YARN cluster has what Punctual needs ({@link Prerequisite}, one per item of
 * {@code docs/prerequisites.md}), judged from a client the way Punctual will use it: the ResourceManager answering,
 * the ReservationSystem and a reservable plan queue, mutable queues and the admin and proxy-user rules the
 * ResourceManager really runs with (read from its {@code /conf}, since a client's yarn-site.xml may say otherwise),
 * and writable directories.
 *
 * <p>Contract: it changes nothing on the cluster (its only writes are probe files, removed at once), and every check
 * ends in a {@link Finding}, met, missing or unknown with a sentence saying what to change, never in an exception,
 * so one run lists everything that is wrong. It may use Hadoop's client, the adapter and the web client of this
 * module.
 */
package io.punctual.yarn.doctor;
