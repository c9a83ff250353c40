package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;

import java.nio.ByteBuffer;

/**
 * CORBA's GIOP 1.0-1.2 (and ZIOP) over TCP, IIOP, in the protocol table: recognised by its magic on any port
 * ({@link GiopProbe}); framed by its 12-byte header and parsed ({@link GiopSession}, {@link GiopParser},
 * {@link GiopBodies}); phased by {@link GiopPhaseRules}. A naming context handed out on one connection is a fact of
 * the capture ({@link GiopNaming#FACT}): requests to it on any later connection are naming traffic.
 */
public final class Giop implements Protocol {

    public static final ProtocolName NAME = new ProtocolName("giop");
    public static final Giop PROTOCOL = new Giop();

    private Giop() {
    }

    @Override
    public ProtocolName name() {
        return NAME;
    }

    @Override
    public Decoding start(AnalysisScope scope) {
        return new Decoding(NAME, new GiopProbe(), GiopSession::new);
    }

    /** MIOP (GIOP over UDP multicast) packets are named in the capture's summary. */
    @Override
    public String datagram(ByteBuffer udpPayload) {
        return MiopPacket.parse(udpPayload) != null ? "MIOP (GIOP over UDP multicast)" : null;
    }
}
