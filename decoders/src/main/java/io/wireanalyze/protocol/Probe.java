package io.wireanalyze.protocol;

import java.nio.ByteBuffer;

/** Recognises a protocol by content, never by port. */
@FunctionalInterface
public interface Probe {

    /**
     * @param fromInitiator the first bytes sent by the initiator (the SYN sender, or the first side seen)
     * @param fromResponder the first bytes sent by the other side (may be empty)
     * @param sawSyn        whether the connection's SYN was captured
     * @param ended         whether both directions have ended or the capture is over (no more bytes will come)
     */
    ProbeResult probe(ByteBuffer fromInitiator, ByteBuffer fromResponder, boolean sawSyn, boolean ended);
}
