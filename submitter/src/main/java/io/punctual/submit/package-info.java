/**
 * The {@code punctual} command ({@link Main}) and the top of the submitter, whose packages depend downward only, as
 * {@code LayeringTest} checks: {@code request} at the bottom, then {@code config}, then {@code launch} and
 * {@code learn}, the {@code pipeline} over them, the composition root ({@code assembly}), the entry points
 * ({@code simulate}, {@code gateway}, {@code bench}), the command line ({@code cli}) and {@link Main}; {@code home}
 * lies beneath them all. An import pointing back up, or two packages importing each other even sideways, fails that
 * test with the offending class and line, so the submission machine never comes to depend on the code that drives
 * it. Of the submitter's packages, {@link Main} reaches only the command line, the request's values and the home.
 */
package io.punctual.submit;
