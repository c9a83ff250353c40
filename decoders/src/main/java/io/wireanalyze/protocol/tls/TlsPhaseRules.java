package io.wireanalyze.protocol.tls;

import io.wireanalyze.phase.Phase;

/**
 * The phase of a record reported as itself. Records carrying an inner protocol's message take that message's phase
 * (a JRMP call's naming, dgc or invocation), so the TLS layer adds only its own costs: the handshake, and the
 * teardown (close_notify).
 */
final class TlsPhaseRules {

    private TlsPhaseRules() {
    }

    /**
     * Handshake messages (ServerHello, certificates, Finished, TLS 1.3 session tickets and key updates) and change cipher
     * spec: {@code handshake}. Alerts end the TLS connection (close_notify, or an error): {@code tcp-teardown}, as GIOP's
     * CloseConnection. Heartbeats: {@code keepalive}. Application data not decrypted (or decrypted but of no known
     * protocol): {@code unparsed}, with the reason.
     */
    static Phase of(TlsContentType type) {
        return switch (type) {
            case HANDSHAKE, CHANGE_CIPHER_SPEC -> Phase.HANDSHAKE;
            case ALERT -> Phase.TCP_TEARDOWN;
            case HEARTBEAT -> Phase.KEEPALIVE;
            case APPLICATION_DATA -> Phase.UNPARSED;
        };
    }
}
