package io.wireanalyze.protocol;

import java.util.function.Function;

/**
 * One protocol, ready for one analysis: its probe and a factory of per-connection sessions, both bound to the
 * analysis' limits and shared state.
 */
public record Decoding(ProtocolName name, Probe probe, Function<SessionContext, ProtocolSession> sessions) {

    public ProtocolSession newSession(SessionContext context) {
        return sessions.apply(context);
    }
}
