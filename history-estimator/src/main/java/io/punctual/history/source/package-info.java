/**
 * Where Spark histories come from: event-log files and rolling-log directories on the local disk or any Hadoop file
 * system, and a Spark History Server's REST API. A {@link RunSource} reports each {@link LogCandidate} it finds to a
 * {@link SourceVisitor}, one log or one problem at a time so that a bad entry never stops a batch; a candidate carries
 * the identity (uri, size, modification time) that lets the store skip a source unchanged since the last ingest, and
 * reads itself into a run with the parser of {@code io.punctual.history.eventlog}.
 *
 * <p>The estimator's I/O towards Spark's output lives here. File systems hide behind the small {@link LogFileSystem}
 * seam, and {@link HadoopLogFileSystem} is the module's only class that names a Hadoop type. A History Server that
 * will not hand out an attempt's log is read from its structured endpoints instead; its REST API has no stage
 * parents, so such runs get a pessimistic, chained stage DAG that errs towards later predicted finishes. Failures
 * reach the user as messages saying what to do, not as stack traces.
 */
package io.punctual.history.source;
