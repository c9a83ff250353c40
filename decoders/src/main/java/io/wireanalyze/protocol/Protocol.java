package io.wireanalyze.protocol;

import java.nio.ByteBuffer;

/**
 * An entry of the protocol table ({@code io.wireanalyze.protocols.ProtocolTable}): how to recognise and decode one
 * protocol. Each protocol package has one; the table lists them in probe order. Entries hold no state: what one
 * analysis shares between its connections (GIOP's naming contexts, say) is made by {@link #start} and lives as
 * long as that analysis.
 */
public interface Protocol {

    /** The name in reports. */
    ProtocolName name();

    /** This protocol's probe and session factory for one analysis, bound to its limits and method names. */
    Decoding start(AnalysisScope scope);

    /** The names of the protocols it carries (a layer's body formats: {@code http-rmi}, {@code soap}); none by default. */
    default java.util.List<ProtocolName> carries() {
        return java.util.List.of();
    }

    /**
     * What a UDP payload of this protocol is called in the capture summary (GIOP: MIOP packets), or null when it
     * is not this protocol's. UDP is not analysed further.
     */
    default String datagram(ByteBuffer udpPayload) {
        return null;
    }
}
