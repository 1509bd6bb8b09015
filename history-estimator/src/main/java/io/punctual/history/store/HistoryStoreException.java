package io.punctual.history.store;

/** The store could not be written (disk full, permissions, another process holding it in a bad state). */
public final class HistoryStoreException extends RuntimeException {

    public HistoryStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
