package io.wireanalyze.protocol;

/** A message's part in a request/reply exchange. */
public enum Role {
    /** A call or request, answered by a {@link #REPLY}. */
    REQUEST,
    /** The answer to the latest unanswered request on the connection (or to the request with the same id). */
    REPLY,
    /** A fragment continuing a request or reply with the same {@code requestId} (GIOP Fragment). */
    CONTINUATION,
    /** Anything else: handshakes, acknowledgements, keep-alives. */
    NONE
}
