/**
 * Where runs live between Punctual invocations: the {@link HistoryStore} port and its embedded implementation,
 * {@link FileHistoryStore}, one checksummed file per run (under {@code $PUNCTUAL_HOME/history} by default), plus a
 * {@link SourceMark} per ingested source so that an unchanged source is not read again.
 *
 * <p>The contract any implementation keeps (a shared database for several gateways included): a write is whole or
 * absent, so a reader never sees half a record; a record damaged on disk comes back as a {@link StoreProblem} in the
 * {@link StoreScan}, never as data; writes from several processes never interleave; a failed write raises
 * {@link HistoryStoreException}. The stored form is an explicit, versioned JSON rather than the Java records, so the
 * records can change without migrating anyone's history.
 */
package io.punctual.history.store;
