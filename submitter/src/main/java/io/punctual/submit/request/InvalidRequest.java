package io.punctual.submit.request;

/**
 * A submission cannot be built from what was given: a missing or malformed field, an option Punctual cannot honour,
 * a deadline in the past. The message names the field and says what to give instead. The command line prints it;
 * the gateway answers 400 with it. Nothing has been recorded, reserved or launched when it is thrown.
 */
public class InvalidRequest extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidRequest(String message) {
        super(message);
    }
}
