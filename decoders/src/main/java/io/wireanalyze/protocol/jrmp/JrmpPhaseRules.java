package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.ACTIVATOR_ID;
import static io.wireanalyze.protocol.jrmp.JrmpConstants.DGC_ID;
import static io.wireanalyze.protocol.jrmp.JrmpConstants.REGISTRY_ID;

/**
 * Which phase a JRMP message is: the transport header, ProtocolAck and endpoints are the handshake; Ping and
 * PingAck keep-alives; calls to the well-known registry (ObjID 0) and activator (1) are naming, to the DGC (2)
 * distributed GC, any other an invocation; a return takes its call's phase.
 */
final class JrmpPhaseRules {

    private JrmpPhaseRules() {
    }

    /** Messages whose type alone says the phase. */
    static Phase of(JrmpMessageType type) {
        return switch (type) {
            case HEADER, PROTOCOL_ACK, PROTOCOL_NACK, ENDPOINT -> Phase.HANDSHAKE;
            case PING, PING_ACK -> Phase.KEEPALIVE;
            case DGC_ACK -> Phase.DGC;
            case CALL, RETURN -> throw new IllegalArgumentException(type + ": the phase depends on its target (see call, ret)");
        };
    }

    /** A call, by its target: {@code wellKnown} when the ObjID's UID is 0:0:0. */
    static Phase call(boolean wellKnown, long objNum) {
        if (!wellKnown) return Phase.INVOCATION;
        if (objNum == REGISTRY_ID || objNum == ACTIVATOR_ID) return Phase.NAMING;
        if (objNum == DGC_ID) return Phase.DGC;
        return Phase.INVOCATION;
    }

    /**
     * A return: its call's phase; when the call was not captured (joined mid-connection), a granted lease says DGC
     * and a returned stub says naming.
     */
    static Phase ret(Message call, Long lease, boolean returnsStub) {
        if (call != null) return call.phase();
        return lease != null ? Phase.DGC : returnsStub ? Phase.NAMING : Phase.INVOCATION;
    }
}
