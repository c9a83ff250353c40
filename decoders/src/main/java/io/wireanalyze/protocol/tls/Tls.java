package io.wireanalyze.protocol.tls;

import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;

import java.util.List;

/**
 * TLS 1.0 to 1.3 (RFC 2246, RFC 4346, RFC 5246, RFC 8446) in the protocol table: a stream layer, not a body format. Recognised by its
 * records on any port ({@link TlsProbe}), framed and, with a key log ({@link TlsKeyLog}), decrypted by {@link TlsSession},
 * which runs the protocols the table hands it (JRMP, GIOP, HTTP) over the plaintext streams, as over plain TCP. A
 * protocol carried this way is reported as {@code <name>-tls} ({@link #carrying}): Java RMI over SSL is
 * {@code jrmp-tls}. The key log is data the table is built with (the CLI reads the file); without one, records are
 * still framed and counted.
 */
public final class Tls implements Protocol {

    public static final ProtocolName NAME = new ProtocolName("tls");

    private final List<Protocol> carried;
    private final TlsKeyLog keys;

    /**
     * @param carried the protocols the plaintext may be, in probe order (the table's others)
     * @param keys    the secrets of the connections to decrypt ({@link TlsKeyLog#EMPTY}: none)
     */
    public Tls(List<Protocol> carried, TlsKeyLog keys) {
        this.carried = List.copyOf(carried);
        this.keys = keys;
    }

    /** The name of a protocol carried inside TLS: {@code jrmp} gives {@code jrmp-tls}. */
    public static ProtocolName carrying(ProtocolName inner) {
        return new ProtocolName(inner.label() + "-tls");
    }

    @Override
    public ProtocolName name() {
        return NAME;
    }

    @Override
    public Decoding start(AnalysisScope scope) {
        List<Decoding> inner = carried.stream().map(p -> p.start(scope)).toList();
        return new Decoding(NAME, new TlsProbe(), context -> new TlsSession(context, scope, inner, keys));
    }
}
