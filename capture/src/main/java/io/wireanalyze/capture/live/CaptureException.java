package io.wireanalyze.capture.live;

/**
 * A live capture could not start or stop. The message is one line a user can act on, e.g.
 * "libpcap is not installed: run `apt-get install libpcap0.8` (as root)".
 */
public final class CaptureException extends Exception {

    public CaptureException(String message) {
        super(message);
    }

    public CaptureException(String message, Throwable cause) {
        super(message, cause);
    }
}
