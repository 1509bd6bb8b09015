/**
 * Punctual's configuration: a directory of HOCON files, the site level (system properties, the site file,
 * {@code application.conf} and {@code reference.conf}, in Typesafe Config's order) and one file per team, loaded by
 * {@link ConfigLoader} into one immutable, fully validated {@link PunctualConfig}, or into every problem found, each
 * naming file, line and path ({@link LoadResult}, {@link ConfigProblem}). Unknown keys are errors with the nearest
 * known key, since a misspelt setting would otherwise surface only as a missed deadline. {@link Precedence} is the
 * one pure rule by which a request overrides the team's entry for its job, the team's defaults, the site and
 * {@code reference.conf}; every resolved value keeps its {@link Origin} for {@code explain}. A running gateway re-reads
 * the directory through {@link ConfigSource}, which keeps the last good configuration when a reload is invalid.
 *
 * <p>Layering: above {@code request} and {@code home} alone. Only the composition root and the entry points above
 * it read configuration, so every default is decided in one place and nothing below invents its own.
 */
package io.punctual.submit.config;
