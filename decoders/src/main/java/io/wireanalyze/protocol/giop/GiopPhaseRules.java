package io.wireanalyze.protocol.giop;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;

/**
 * Which phase a GIOP message is: requests to naming contexts and their replies are {@code naming} (see
 * {@link GiopNaming}); LocateRequest, LocateReply and MessageError before the connection's first application
 * request are {@code handshake}; CloseConnection is {@code tcp-teardown}; a Reply, LocateReply or CancelRequest
 * takes its request's phase, a Fragment the phase of the message it continues; everything else is
 * {@code invocation}, ZIOP included.
 */
final class GiopPhaseRules {

    private GiopPhaseRules() {
    }

    /**
     * @param naming          for a Request or LocateRequest: its target is a naming context
     * @param earlier         the request a reply, LocateReply or CancelRequest refers to, or the message a Fragment
     *                        continues; null when not seen
     * @param applicationSeen an application request came earlier on the connection
     */
    static Phase of(GiopMessageType type, boolean naming, Message earlier, boolean applicationSeen) {
        Phase connectionLevel = applicationSeen ? Phase.INVOCATION : Phase.HANDSHAKE;
        return switch (type) {
            case REQUEST -> naming ? Phase.NAMING : Phase.INVOCATION;
            case REPLY, CANCEL_REQUEST, FRAGMENT -> earlier != null ? earlier.phase() : Phase.INVOCATION;
            case LOCATE_REQUEST -> naming ? Phase.NAMING : connectionLevel;
            case LOCATE_REPLY -> earlier != null ? earlier.phase() : connectionLevel;
            case CLOSE_CONNECTION -> Phase.TCP_TEARDOWN;
            case MESSAGE_ERROR -> connectionLevel;
        };
    }

    /** A ZIOP message carries a compressed application message. */
    static Phase ziop() {
        return Phase.INVOCATION;
    }
}
