package io.wireanalyze.protocol.tls;

import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Details;

import java.util.List;

/** What a TLS message carries: a record reported as itself, or an inner protocol's message with the records that carried it. */
public sealed interface TlsDetails extends Details {

    /**
     * A record reported as itself (handshake, change cipher spec, alert, heartbeat, application data not decrypted).
     * Keys follow tshark's where it has one.
     *
     * @param version     the record header's version, e.g. {@code TLS 1.2}
     * @param length      the record's length field (bytes after its header)
     * @param encrypted   whether the record was protected (decrypted here or not)
     * @param handshake   the handshake messages it completed, e.g. {@code [client_hello]}; empty for other types
     * @param negotiated  a ServerHello's version, e.g. {@code TLS 1.3}, or null
     * @param cipherSuite a ServerHello's cipher suite, e.g. {@code 0x1302 TLS_AES_256_GCM_SHA384}, or null
     * @param alert       an alert's level and description, e.g. {@code warning close_notify}, or null (also when encrypted
     *                    and not decrypted)
     * @param reason      why its content is not known (application data not decrypted), or null
     */
    record Record(String version, int length, boolean encrypted, List<String> handshake, String negotiated,
                  String cipherSuite, String alert, String reason) implements TlsDetails {
        public Record {
            handshake = List.copyOf(handshake);
        }

        @Override
        public void fields(FieldSink out) {
            out.put("tls.record.version", version).put("tls.record.length", length);
            if (encrypted) out.field("encrypted", true);
            if (!handshake.isEmpty()) out.field("tls.handshake.type", handshake);
            out.put("tlsVersion", negotiated).put("tls.handshake.ciphersuite", cipherSuite).put("tls.alert_message", alert)
                    .put("reason", reason);
        }

        @Override
        public String note() {
            if (cipherSuite != null) return negotiated + " " + cipherSuite;
            return alert;
        }
    }

    /**
     * An inner protocol's message (JRMP's, for {@code jrmp-tls}) spread over the records that carried it.
     *
     * @param inner          the inner message's own details
     * @param records        the records its span touches
     * @param plaintextBytes its bytes in the plaintext stream
     * @param overheadBytes  the rest of its span: record headers, explicit nonces, content types, padding and tags
     */
    record Carried(Details inner, int records, long plaintextBytes, long overheadBytes) implements TlsDetails, Details.Layer {
        @Override
        public void fields(FieldSink out) {
            inner.fields(out);
            out.put("tlsRecords", records).put("tlsPlaintextBytes", plaintextBytes).put("tlsOverheadBytes", overheadBytes);
        }

        /** The records' overhead, and any framing of the inner message's own (an HTTP head inside TLS). */
        public long framingBytes() {
            Long own = inner.count(ByteCount.FRAMING);
            return (own == null ? 0 : own) + overheadBytes;
        }

        /** Its framing ({@link #framingBytes}); the inner message's other counts are not passed on. */
        @Override
        public void counts(CountSink out) {
            out.count(ByteCount.FRAMING, framingBytes());
        }

        /** What the inner message wants of the capture's facts, its fields coming first. */
        @Override
        public io.wireanalyze.protocol.FactRef wants() {
            return inner.wants();
        }

        @Override
        public Details supplied(io.wireanalyze.protocol.FactRef ref, String value) {
            return new Carried(inner.supplied(ref, value), records, plaintextBytes, overheadBytes);
        }
    }
}
