package io.wireanalyze.protocol.http;

import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;

import java.util.List;

/**
 * HTTP/1.x (RFC 9112) in the protocol table, the outer layer of the remoting protocols carried in POST bodies:
 * recognised by its start lines on any port ({@link HttpProbe}), framed by Netty's HTTP codec
 * ({@link Http1Framing}), bodies handed to the formats the table gives it ({@link HttpSession}), phased by
 * {@link HttpPhaseRules}.
 */
public final class Http implements Protocol {

    public static final ProtocolName NAME = new ProtocolName("http");

    private final List<BodyFormat> bodies;

    /** @param bodies the formats HTTP bodies may carry, tried in order */
    public Http(List<BodyFormat> bodies) {
        this.bodies = List.copyOf(bodies);
    }

    @Override
    public ProtocolName name() {
        return NAME;
    }

    @Override
    public List<ProtocolName> carries() {
        return bodies.stream().map(BodyFormat::name).toList();
    }

    @Override
    public Decoding start(AnalysisScope scope) {
        return new Decoding(NAME, new HttpProbe(), context -> new HttpSession(context, bodies));
    }
}
