package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;

/**
 * Java RMI's wire protocol, JRMP (Java RMI Specification chapter 10), in the protocol table: recognised by the
 * client's {@code JRMI} header or, joined mid-connection, by a Call or ReturnData ({@link JrmpProbe}); framed by
 * {@link JrmpSession}, parsed by {@link JrmpParser}, phased by {@link JrmpPhaseRules}. Its Call and ReturnData
 * parsing is also a body decoder for other layers ({@link JrmpBodies}: RMI tunnelled through HTTP).
 */
public final class Jrmp implements Protocol {

    public static final ProtocolName NAME = new ProtocolName("jrmp");
    public static final Jrmp PROTOCOL = new Jrmp();

    private Jrmp() {
    }

    @Override
    public ProtocolName name() {
        return NAME;
    }

    @Override
    public Decoding start(AnalysisScope scope) {
        // A connection's own namer (its guesses memoised for the analysis); the stubs a registry hands out are facts of
        // the capture (RemoteObjects.FACT), settled by the analysis.
        return new Decoding(NAME, new JrmpProbe(),
                context -> new JrmpSession(context, new JrmpParser(context, RemoteObjects.shared(context.facts()), NAME)));
    }
}
