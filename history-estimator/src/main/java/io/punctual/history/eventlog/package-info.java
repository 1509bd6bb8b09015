/**
 * Reading Spark event logs into the facts Punctual keeps of a run: the one package of the history estimator that
 * knows Spark's JSON. {@link EventLogParser} streams a log (or a rolling log's parts, in order) line by line and
 * decodes only the events the model needs, skipping the rest unparsed, so memory grows with a run's task count and
 * never with the size of its log. {@link EventLogCodec} reads Spark's lz4, lzf, snappy and zstd framings as Spark 3.5
 * writes them; {@link RawInput} counts and fingerprints the raw bytes, so that a source can tell a failing disk or
 * network from a compressed log that merely ends mid-block because Spark is still writing it.
 *
 * <p>Contract: tolerant, never fooled. A corrupt line is counted, a cut last line tolerated, a custom listener's event
 * skipped; a log that lost events (Spark's listener queue overflowed, a tail went missing) gives a run that is stored
 * but marked out of training, with the reason. No Spark class is used, only Jackson's streaming parser and the
 * codecs' libraries. This package opens no file (finding and opening logs is {@code io.punctual.history.source}'s
 * job) and hands back values of {@code io.punctual.history.run}.
 */
package io.punctual.history.eventlog;
