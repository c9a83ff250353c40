package io.wireanalyze.protocol.tls;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.ProtocolSession;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * TLS for one connection, a stream layer: each direction's records are framed ({@link TlsRecords}) and, where the key
 * log has the connection's secrets ({@link Decryption}), opened; handshake, change cipher spec, alert and heartbeat
 * records are reported as themselves, and the application data's plaintext streams go to an inner connection decoder
 * over the protocols the table gave TLS (JRMP's StreamProtocol, GIOP, HTTP), which recognises them by content as it
 * would on plain TCP. Each inner message comes back mapped onto the records that carried it ({@link Side}): so the
 * accounting stays in TCP stream offsets, a JRMP call over TLS is a naming, dgc or invocation message whose span is
 * its records, and the record headers and tags are its framing ({@link TlsDetails.Carried}). Inner messages are
 * reported as {@code <inner>-tls} ({@code jrmp-tls}), with the inner protocol's types and fields. As the two
 * directions are decoded in turns, a call and its reply may be reported in either order: calls without ids of their
 * own are numbered here, replies taking their call's number, so they pair whatever the order.
 *
 * <p>Without the secrets, application data records are reported one by one as {@code application-data}, phase
 * unparsed, with why they were not decrypted.
 */
public final class TlsSession implements ProtocolSession {

    /** Most calls remembered while awaiting their replies. */
    static final int MAX_UNANSWERED = 4096;

    private final Side c2s;
    private final Side s2c;
    private final Decryption decryption;
    private final ConnectionDecoder inner;
    private long nextRequestId;
    private final ArrayDeque<Long> unanswered = new ArrayDeque<>();

    /**
     * @param carried the protocols the plaintext may be, started for this analysis, in probe order
     * @param keys    the analysis' key log ({@link TlsKeyLog#EMPTY}: nothing is decrypted)
     */
    public TlsSession(SessionContext context, AnalysisScope scope, List<Decoding> carried, TlsKeyLog keys) {
        int max = context.limits().maxMessageBytes();
        this.c2s = new Side(Direction.C2S, max);
        this.s2c = new Side(Direction.S2C, max);
        this.decryption = new Decryption(keys);
        this.inner = new ConnectionDecoder(carried, scope, true, context.facts());
    }

    @Override
    public ProtocolName carried() {
        ProtocolName p = inner.protocol();
        return p == null || p.equals(ProtocolName.UNKNOWN) ? null : Tls.carrying(p);
    }

    @Override
    public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
        Side s = d == Direction.C2S ? c2s : s2c;
        if (s.taken < 0) s.taken = offset;
        if (s.taken < offset) skipped(s, offset);
        take(s, in, offset);
        if (state == InputState.ENDED || s.bad != null) finishInner(s);
        Message m = next(s, offset);
        if (m != null) return new DecodeStep.Decoded<>(m, (int) (m.end() - offset));
        long rel = s.taken - offset;
        if (s.bad != null && rel == 0) return new DecodeStep.Malformed<>(s.bad);
        int p = in.position() + (int) rel;
        if (s.bad == null && rel + TlsRecords.HEADER_LENGTH <= in.remaining())
            return new DecodeStep.NeedMore<>((int) rel + TlsRecords.HEADER_LENGTH + TlsRecords.length(in, p));
        return new DecodeStep.NeedMore<>((int) rel + TlsRecords.HEADER_LENGTH);
    }

    /** The next place a record plausibly starts (a valid header, and a second one after it or the bytes' end). */
    @Override
    public int resync(Direction d, ByteBuffer in) {
        int p = in.position();
        for (int i = 0; p + i + TlsRecords.HEADER_LENGTH <= in.limit(); i++) {
            if (TlsRecords.plausible(in, p + i, in.limit())) return i;
        }
        return -1;
    }

    /** Takes every whole record after those taken, up to an invalid header. */
    private void take(Side s, ByteBuffer in, long offset) {
        int base = in.position();
        while (s.bad == null) {
            long rel = s.taken - offset;
            if (rel + TlsRecords.HEADER_LENGTH > in.remaining()) return;
            int p = base + (int) rel;
            Failure f = TlsRecords.invalid(in, p, s.taken);
            if (f != null) {
                s.bad = f;
                return;
            }
            int total = TlsRecords.HEADER_LENGTH + TlsRecords.length(in, p);
            if (rel + total > in.remaining()) return;
            record(s, in, p, total);
            s.taken += total;
        }
    }

    /** One whole record at {@code p}: opened when protected and the keys are known, then reported or carried. */
    private void record(Side s, ByteBuffer in, int p, int total) {
        TlsContentType type = TlsContentType.of(in.get(p) & 0xff);
        int length = total - TlsRecords.HEADER_LENGTH;
        String version = TlsVersion.name(in.getShort(p + 1) & 0xffff);
        // TLS 1.3 protects every record of type application_data; TLS 1.2 every record after the ChangeCipherSpec.
        boolean sealed = type == TlsContentType.APPLICATION_DATA || s.encrypted;
        if (sealed && s.protection != null) {
            opened(s, s.protection.open(in, p, total), type, version, total);
            return;
        }
        if (sealed) {
            String why = type != TlsContentType.APPLICATION_DATA ? null
                    : s.notDecrypted != null ? s.notDecrypted : Decryption.NOT_DECRYPTED + decryption.notNegotiated();
            report(s, type, total, new TlsDetails.Record(version, length, true, List.of(), null, null, null, why));
            return;
        }
        byte[] content = new byte[length];
        in.get(p + TlsRecords.HEADER_LENGTH, content);
        switch (type) {
            case HANDSHAKE -> handshake(s, content, version, total, false);
            case CHANGE_CIPHER_SPEC -> {
                report(s, type, total, new TlsDetails.Record(version, length, false, List.of(), null, null, null, null));
                decryption.changeCipherSpec(s, s == c2s);
            }
            case ALERT -> report(s, type, total, new TlsDetails.Record(version, length, false, List.of(), null, null, Alerts.describe(content), null));
            default -> report(s, type, total, new TlsDetails.Record(version, length, false, List.of(), null, null, null, null));
        }
    }

    /** A protected record, opened (or not): its real type decides what it is. */
    private void opened(Side s, RecordProtection.Opened opened, TlsContentType header, String version, int total) {
        int length = total - TlsRecords.HEADER_LENGTH;
        if (opened instanceof RecordProtection.Failed f) {
            String why = Decryption.NOT_DECRYPTED + "decryption failed at stream offset " + s.taken + ": " + f.reason();
            s.protection = null;
            s.notDecrypted = Decryption.NOT_DECRYPTED + "an earlier record of this direction did not decrypt (" + f.reason() + ")";
            report(s, header, total, new TlsDetails.Record(version, length, true, List.of(), null, null, null, why));
            return;
        }
        RecordProtection.Content c = (RecordProtection.Content) opened;
        TlsContentType type = TlsContentType.of(c.type());
        if (type == null) {
            report(s, header, total, new TlsDetails.Record(version, length, true, List.of(), null, null, null,
                    "tls.record.content_type (inner): " + c.type() + " (expected: 20..24)"));
            return;
        }
        switch (type) {
            case HANDSHAKE -> handshake(s, c.bytes(), version, total, true);
            case ALERT -> report(s, type, total, new TlsDetails.Record(version, length, true, List.of(), null, null, Alerts.describe(c.bytes()), null));
            case APPLICATION_DATA -> carry(s, c, version, total);
            default -> report(s, type, total, new TlsDetails.Record(version, length, true, List.of(), null, null, null, null));
        }
    }

    /** A handshake record's messages: the hellos set up the keys, a Finished or KeyUpdate changes them. */
    private void handshake(Side s, byte[] content, String version, int total, boolean encrypted) {
        List<String> names = new ArrayList<>();
        String negotiated = null, suite = null;
        for (HandshakeReader.Parsed m : s.handshake.append(content, 0, content.length)) {
            names.add(HandshakeType.name(m.type()));
            if (m.type() == HandshakeType.CLIENT_HELLO.code() && s == c2s) {
                HandshakeReader.ClientHello h = HandshakeReader.ClientHello.parse(m.body());
                if (h != null) decryption.clientHello(h);
            } else if (m.type() == HandshakeType.SERVER_HELLO.code() && s == s2c) {
                HandshakeReader.ServerHello h = HandshakeReader.ServerHello.parse(m.body());
                if (h != null) {
                    decryption.serverHello(h, c2s, s2c);
                    negotiated = TlsVersion.name(h.version());
                    suite = CipherSuite.describe(h.cipherSuite());
                }
            } else if (m.type() == HandshakeType.FINISHED.code()) {
                decryption.finished(s, s == c2s);
            } else if (m.type() == HandshakeType.KEY_UPDATE.code()) {
                decryption.keyUpdate(s);
            }
        }
        report(s, TlsContentType.HANDSHAKE, total, new TlsDetails.Record(version, total - TlsRecords.HEADER_LENGTH, encrypted,
                names, negotiated, suite, null, s.handshake.failure()));
    }

    /** Application data: the plaintext goes to the inner protocol; the record waits for the messages it carries. */
    private void carry(Side s, RecordProtection.Content c, String version, int total) {
        int n = c.bytes().length;
        if (n == 0 || s.innerFinished) {
            report(s, TlsContentType.APPLICATION_DATA, total, new TlsDetails.Record(version, total - TlsRecords.HEADER_LENGTH, true,
                    List.of(), null, null, null, n == 0 ? "TLS application data with no plaintext (padding only)"
                    : "TLS application data after this direction's inner stream ended"));
            return;
        }
        long from = s.plaintext;
        s.records.addLast(new Side.Taken(s.taken, s.taken + total, null, from, from + n, c.at()));
        s.plaintext += n;
        inner.data(s == c2s, from, ByteBuffer.wrap(c.bytes()), this::innerMessage);
    }

    /** A record reported as itself, in the stream order of the records taken. */
    private void report(Side s, TlsContentType type, int total, TlsDetails.Record details) {
        Message m = new Message(Tls.NAME, type, TlsPhaseRules.of(type), s.direction, s.taken, total, s.taken, 0, Role.NONE, -1,
                MessageInfo.of(details));
        s.records.addLast(new Side.Taken(s.taken, s.taken + total, m, 0, 0, 0));
    }

    /** The message at the cursor: a record as itself, or the inner message starting there. */
    private Message next(Side s, long cursor) {
        if (s.headCarriesPlaintext() && ProtocolName.UNKNOWN.equals(inner.protocol())) {
            return s.headAsItself(cursor, (from, to) -> new Message(Tls.NAME, TlsContentType.APPLICATION_DATA,
                    TlsPhaseRules.of(TlsContentType.APPLICATION_DATA), s.direction, from, (int) (to - from), from, 0, Role.NONE, -1,
                    MessageInfo.of(new TlsDetails.Record(null, (int) (to - from - TlsRecords.HEADER_LENGTH), true, List.of(), null,
                            null, null, "TLS application data, decrypted: no decoder recognises its plaintext"))));
        }
        return s.next(cursor);
    }

    /** An inner message: mapped onto the side whose plaintext it is, renamed, and numbered when it pairs by order. */
    private void innerMessage(Message m) {
        boolean fromClient = (m.direction() == Direction.C2S) == inner.initiatorIsClient();
        Side s = fromClient ? c2s : s2c;
        if (s.discarding) return;
        long id = m.requestId();
        if (id < 0 && m.role() == Role.REQUEST) {
            id = nextRequestId++;
            if (unanswered.size() >= MAX_UNANSWERED) unanswered.pollFirst();
            unanswered.addLast(id);
        } else if (id < 0 && m.role() == Role.REPLY) {
            id = unanswered.isEmpty() ? -1 : unanswered.pollFirst();
        }
        s.ready.addLast(s.map(m, Tls.carrying(m.protocol()), id));
    }

    /** The direction's plaintext is over: the inner protocol decodes what it holds of it. */
    private void finishInner(Side s) {
        if (s.innerFinished) return;
        s.innerFinished = true;
        inner.finish(s == c2s, this::innerMessage);
    }

    /**
     * The stream driver skipped bytes (a gap in the capture, or an invalid record): what was taken there is gone, the
     * inner stream of this direction is over, and later records cannot be opened (their sequence numbers are unknown).
     */
    private void skipped(Side s, long offset) {
        s.discarding = true;
        finishInner(s);
        s.records.clear();
        s.ready.clear();
        if (s.protection != null || s.notDecrypted == null)
            s.notDecrypted = Decryption.NOT_DECRYPTED + "bytes of this direction before stream offset " + offset
                    + " were not captured or not framed: the sequence numbers of the records after them are unknown";
        s.protection = null;
        s.taken = offset;
        s.bad = null;
        s.handshake.lost();
    }
}
