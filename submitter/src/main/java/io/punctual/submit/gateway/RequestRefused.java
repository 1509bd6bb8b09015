package io.punctual.submit.gateway;

/**
 * A well-formed request the caller's team may not make (client deploy mode, a file outside its directories, another
 * user's identity): answered 403 with the reason, unlike a malformed request's 400.
 */
public final class RequestRefused extends RuntimeException {

    public RequestRefused(String message) {
        super(message);
    }
}
