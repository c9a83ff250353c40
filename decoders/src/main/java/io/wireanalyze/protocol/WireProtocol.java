package io.wireanalyze.protocol;

import io.wireanalyze.protocol.giop.GiopProbe;
import io.wireanalyze.protocol.giop.GiopSession;
import io.wireanalyze.protocol.jrmp.JrmpProbe;
import io.wireanalyze.protocol.jrmp.JrmpSession;

import java.util.function.Function;

/**
 * The protocols decoded on the wire. Adding a protocol means one package and one constant here: no service
 * loader, no static registry. Probes run in declaration order.
 */
public enum WireProtocol {
    JRMP("jrmp", new JrmpProbe(), JrmpSession::new),
    GIOP("giop", new GiopProbe(), GiopSession::new),
    /** No decoder claimed the connection: its bytes are accounted as unparsed. */
    UNKNOWN("unknown", (a, b, syn, ended) -> ProbeResult.NOT_MINE, ctx -> null);

    private final String label;
    private final Probe probe;
    private final Function<SessionContext, ProtocolSession> sessions;

    WireProtocol(String label, Probe probe, Function<SessionContext, ProtocolSession> sessions) {
        this.label = label;
        this.probe = probe;
        this.sessions = sessions;
    }

    public String label() {
        return label;
    }

    public Probe probe() {
        return probe;
    }

    public ProtocolSession newSession(SessionContext context) {
        return sessions.apply(context);
    }

    @Override
    public String toString() {
        return label;
    }
}
