package io.wireanalyze.protocol;

/**
 * A format an outer layer (HTTP now, TLS next) can carry: one per format (JRMP SingleOp, a Java-serialized
 * RemoteInvocation, a SOAP envelope...), each usable bare or inside any outer layer. The protocol table hands a
 * layered protocol the formats it may find; the outer layer owns framing (Content-Length, chunks, records), the
 * inner format owns meaning (method, phase).
 */
public interface BodyFormat {

    /** The name of the layered protocol its messages are reported under, e.g. {@code http-rmi}. */
    ProtocolName name();

    /** A decoder for one connection, with the analysis' limits and method names. */
    BodyDecoder newDecoder(SessionContext context);

    /** The format reported under {@code name} whose decoders {@code decoders} makes, one a connection. */
    static BodyFormat of(ProtocolName name, java.util.function.Function<SessionContext, BodyDecoder> decoders) {
        return new BodyFormat() {
            @Override
            public ProtocolName name() {
                return name;
            }

            @Override
            public BodyDecoder newDecoder(SessionContext context) {
                return decoders.apply(context);
            }

            @Override
            public String toString() {
                return name.toString();
            }
        };
    }
}
