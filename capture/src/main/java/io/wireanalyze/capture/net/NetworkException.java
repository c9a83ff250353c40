package io.wireanalyze.capture.net;

/** An emulated network could not be made (or removed): one line saying what, where and what was expected. */
public final class NetworkException extends Exception {
    public NetworkException(String message) {
        super(message);
    }

    public NetworkException(String message, Throwable cause) {
        super(message, cause);
    }
}
