package io.wireanalyze.protocol.tls;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.tcp.Direction;

import java.util.ArrayDeque;

/**
 * One direction of a TLS connection: the records taken (framed and, with keys, opened) but not yet reported, and the
 * inner protocol's messages mapped back onto them. The outer stream driver moves the cursor; records are taken ahead
 * of it, and a record leaves only once the messages covering it have been reported.
 *
 * <p>How an inner message's plaintext span maps onto the TCP stream: a message owns the records its bytes are in.
 * Where it starts at a record's first plaintext byte its span starts at the record's header, and where it ends at a
 * record's last plaintext byte its span ends with the record's tag (and TLS 1.3's content type and padding). Where
 * several messages share a record, the boundary between two of them is the exact byte where the second's plaintext
 * sits in the record (AEAD ciphertext is as long as its plaintext): the header and explicit nonce go to the first,
 * the tag to the last. Spans are contiguous and never overlap; a record reported as itself (a TLS 1.3 session ticket,
 * say) that falls inside a message's span is part of that message.
 */
final class Side {

    /**
     * A record taken: reported as itself ({@code own}), or carrying the plaintext {@code [plainStart, plainEnd)} to the
     * inner protocol, which starts {@code at} bytes into the record.
     */
    record Taken(long start, long end, Message own, long plainStart, long plainEnd, int at) {
    }

    final Direction direction;
    /** TCP stream offset up to which records were taken; -1 before the first. */
    long taken = -1;
    /** Records taken and not yet reported, in stream order. */
    final ArrayDeque<Taken> records = new ArrayDeque<>();
    /** Inner messages mapped onto the stream, in order, waiting for the cursor. */
    final ArrayDeque<Message> ready = new ArrayDeque<>();
    /** Plaintext bytes handed to the inner protocol so far: the next one's offset in its stream. */
    long plaintext;
    /** The protection this direction's records are opened with; null while they are plain (or cannot be opened). */
    RecordProtection protection;
    /** Why this direction's protected records are not decrypted; null while they may be. */
    String notDecrypted;
    /** An invalid record header found at {@link #taken}, before the cursor reached it. */
    Failure bad;
    /** TLS 1.2: the direction sent its ChangeCipherSpec, so every later record is protected, opened or not. */
    boolean encrypted;
    /** The direction lost bytes: what the inner protocol still says of its plaintext is dropped (its records are gone). */
    boolean discarding;
    /** Whether the inner protocol was told this direction has ended. */
    boolean innerFinished;
    final HandshakeReader handshake;

    Side(Direction direction, int maxMessageBytes) {
        this.direction = direction;
        this.handshake = new HandshakeReader(maxMessageBytes);
    }

    /** The next message to report at {@code cursor}, or null while the inner protocol has not decided it. */
    Message next(long cursor) {
        Taken head = records.peekFirst();
        if (head == null) return null;
        if (head.own() != null) {
            if (head.start() != cursor) notAtCursor("record at " + head.start());
            records.pollFirst();
            return head.own();
        }
        Message m = ready.peekFirst();
        if (m == null) return null;
        if (m.offset() != cursor) notAtCursor("inner message at " + m.offset());
        ready.pollFirst();
        while (!records.isEmpty() && records.peekFirst().end() <= m.end()) records.pollFirst();
        return m;
    }

    /** The head record carries plaintext no inner protocol claims: it is reported as itself, from the cursor. */
    Message headAsItself(long cursor, java.util.function.BiFunction<Long, Long, Message> report) {
        Taken head = records.pollFirst();
        return report.apply(Math.max(cursor, head.start()), head.end());
    }

    /** The head record carries plaintext to the inner protocol (rather than being reported as itself). */
    boolean headCarriesPlaintext() {
        Taken head = records.peekFirst();
        return head != null && head.own() == null;
    }

    /**
     * The inner message (in plaintext offsets) on the TCP stream: renamed {@code name}, paired by {@code requestId},
     * its data span mapped byte for byte, and its details wrapped with the records' count and overhead.
     */
    Message map(Message inner, ProtocolName name, long requestId) {
        long start = boundary(inner.offset(), true), end = boundary(inner.end(), false);
        long dataStart = start;
        int dataLength = 0;
        if (inner.dataLength() > 0) {
            dataStart = position(inner.dataOffset(), true);
            dataLength = (int) (position(inner.dataOffset() + inner.dataLength(), false) - dataStart);
        }
        int touched = 0;
        for (Taken t : records) if (t.start() < end && t.end() > start) touched++;
        TlsDetails.Carried details = new TlsDetails.Carried(inner.info().details(), touched, inner.length(), (end - start) - inner.length());
        return new Message(name, inner.type(), inner.phase(), direction, start, (int) (end - start), dataStart, dataLength,
                inner.role(), requestId, inner.info().withDetails(details));
    }

    /** The stream offset of a message boundary at plaintext offset {@code p}: a whole record's edge, or the exact byte inside it. */
    private long boundary(long p, boolean start) {
        Taken t = holding(p, start);
        if (start && p == t.plainStart()) return t.start();
        if (!start && p == t.plainEnd()) return t.end();
        return t.start() + t.at() + (p - t.plainStart());
    }

    /** The stream offset of plaintext byte {@code p} (or, {@code start} false, of the byte after {@code p - 1}). */
    private long position(long p, boolean start) {
        Taken t = holding(p, start);
        return t.start() + t.at() + (p - t.plainStart());
    }

    /** The record holding plaintext byte {@code p} ({@code start}), or byte {@code p - 1} (an end). */
    private Taken holding(long p, boolean start) {
        for (Taken t : records) {
            if (t.own() != null) continue;
            if (start ? p >= t.plainStart() && p < t.plainEnd() : p > t.plainStart() && p <= t.plainEnd()) return t;
        }
        throw new IllegalStateException("tls " + direction + ": plaintext offset " + p + " is in no record taken (records: "
                + records + ")");
    }

    /** A fault of ours: what is to be reported next is not where the cursor is (its text made only then). */
    private void notAtCursor(String what) {
        throw new IllegalStateException("tls " + direction + ": " + what + " is not at the cursor (records: " + records + ")");
    }
}
