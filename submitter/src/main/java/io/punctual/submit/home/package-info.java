/**
 * Where this Punctual is and what it is: the home it writes everything under ({@link PunctualHome},
 * {@code $PUNCTUAL_HOME}, by default {@code ~/.punctual}), the installation it runs from, a checkout or an unpacked
 * release ({@link Install}: the Spark class path and the workloads jar), and the build ({@link BuildVersion}), so that
 * {@code --version} and the gateway's {@code GET /version} agree.
 *
 * <p>It depends on nothing else of Punctual and sits beneath every other layer of the submitter, so any of them, and
 * the benchmarks, may use it. Two homes never share a file, which is what lets two Punctuals run side by side.
 */
package io.punctual.submit.home;
