package io.wireanalyze.tcp;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocol.jrmp.RmiMethodHash;
import io.wireanalyze.testing.TestCaptures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test support: real frames of a fixture, edited field by field (Ethernet, IPv4 and TCP headers as the
 * fixtures have them; checksums are not verified by the analyzer, so they are left as they were).
 */
final class RealFrames {

    static final int ETHERNET_HEADER = 14;
    static final int IP_TOTAL_LENGTH = 2;        // offset in the IPv4 header (RFC 791)
    static final int TCP_SEQ = 4, TCP_ACK = 8, TCP_DATA_OFFSET = 12, TCP_FLAGS = 13;   // RFC 9293
    static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10;

    /** The names the workloads' BenchService methods hash to (the decoders module cannot see the interface). */
    static final AnalysisOptions OPTIONS = AnalysisOptions.defaults().withMethodNames(Map.of(
            RmiMethodHash.of("sendInts([I)I"), "sendInts",
            RmiMethodHash.of("wireanalyzeMark(Ljava/lang/String;)V"), "wireanalyzeMark"));

    private RealFrames() {
    }

    /** Frames of fixtures/jrmp/lookup-then-invoke.pcap, index 0 unused so that {@code get(n)} is frame n. */
    static List<Frame> lookupThenInvoke() throws IOException {
        List<Frame> all = new ArrayList<>();
        all.add(null);
        all.addAll(TestCaptures.frames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap")));
        return all;
    }

    /** Analyses frames in the given order, numbered 1.. in that order, timestamps made non-decreasing. */
    static AnalysisResult analyze(List<Frame> frames) {
        Analyzer a = new Analyzer(OPTIONS);
        long n = 0, last = Long.MIN_VALUE;
        for (Frame f : frames) {
            if (f == null) continue;
            last = Math.max(last, f.timestampNanos());
            a.accept(new Frame(++n, last, f.link(), f.rawLinkType(), f.bytes(), f.originalLength()));
        }
        return a.finish("edited lookup-then-invoke.pcap", null);
    }

    private static byte[] bytes(Frame f) {
        byte[] b = new byte[f.capturedLength()];
        f.bytes().duplicate().get(b);
        return b;
    }

    static final int IP_IDENTIFICATION = 4;      // offset in the IPv4 header (RFC 791)
    private static int sendings = 0x8000;

    /**
     * An edited frame is another sending of the segment, so it gets a new IPv4 identification, as a real stack
     * gives every packet it sends: a byte-for-byte copy of a packet is a capture's duplicate, not a sending.
     */
    private static Frame frame(Frame like, byte[] b, int originalLength) {
        ByteBuffer.wrap(b).putShort(ETHERNET_HEADER + IP_IDENTIFICATION, (short) sendings++);
        return new Frame(like.number(), like.timestampNanos(), like.link(), like.rawLinkType(),
                ByteBuffer.wrap(b).asReadOnlyBuffer(), originalLength);
    }

    /** The same segment sent again (a retransmission): equal but for a new IPv4 identification. */
    static Frame resent(Frame f) {
        return frame(f, bytes(f), f.originalLength());
    }

    static int ipHeaderLength(byte[] b) {
        return (b[ETHERNET_HEADER] & 0x0f) * 4;
    }

    static int tcpStart(byte[] b) {
        return ETHERNET_HEADER + ipHeaderLength(b);
    }

    static int payloadStart(byte[] b) {
        return tcpStart(b) + ((b[tcpStart(b) + TCP_DATA_OFFSET] & 0xff) >>> 4) * 4;
    }

    static long seq(Frame f) {
        byte[] b = bytes(f);
        return ByteBuffer.wrap(b).getInt(tcpStart(b) + TCP_SEQ) & 0xffffffffL;
    }

    static long ack(Frame f) {
        byte[] b = bytes(f);
        return ByteBuffer.wrap(b).getInt(tcpStart(b) + TCP_ACK) & 0xffffffffL;
    }

    static int payloadLength(Frame f) {
        return f.capturedLength() - payloadStart(bytes(f));
    }

    static byte[] payload(Frame f) {
        byte[] b = bytes(f);
        return java.util.Arrays.copyOfRange(b, payloadStart(b), b.length);
    }

    static Frame withSeq(Frame f, long seq) {
        byte[] b = bytes(f);
        ByteBuffer.wrap(b).putInt(tcpStart(b) + TCP_SEQ, (int) seq);
        return frame(f, b, f.originalLength());
    }

    static Frame withAck(Frame f, long ack) {
        byte[] b = bytes(f);
        ByteBuffer.wrap(b).putInt(tcpStart(b) + TCP_ACK, (int) ack);
        return frame(f, b, f.originalLength());
    }

    static Frame withFlags(Frame f, int flags) {
        byte[] b = bytes(f);
        b[tcpStart(b) + TCP_FLAGS] = (byte) flags;
        return frame(f, b, f.originalLength());
    }

    static Frame at(Frame f, long timestampNanos) {
        return new Frame(f.number(), timestampNanos, f.link(), f.rawLinkType(), f.bytes(), f.originalLength());
    }

    /** The same headers with a new payload: IPv4 total length and frame length follow it. */
    static Frame withPayload(Frame f, byte[] payload) {
        byte[] b = bytes(f);
        int start = payloadStart(b);
        byte[] out = java.util.Arrays.copyOf(b, start + payload.length);
        System.arraycopy(payload, 0, out, start, payload.length);
        ByteBuffer.wrap(out).putShort(ETHERNET_HEADER + IP_TOTAL_LENGTH, (short) (start - ETHERNET_HEADER + payload.length));
        return frame(f, out, out.length);
    }

    /** Payload bytes [from, to) of a segment as a segment of their own: the sequence number moves with them. */
    static Frame slice(Frame f, int from, int to) {
        byte[] p = payload(f);
        return withSeq(withPayload(f, java.util.Arrays.copyOfRange(p, from, to)), seq(f) + from);
    }

    /** The frame as a snaplen of {@code capturedLength} bytes would have captured it: the rest dropped, the wire length kept. */
    static Frame cut(Frame f, int capturedLength) {
        byte[] b = bytes(f);
        return frame(f, java.util.Arrays.copyOf(b, capturedLength), f.originalLength());
    }

    /** Same 4-tuple and flags, new sequence and acknowledgement numbers moved by the given amounts (a later incarnation). */
    static Frame shifted(Frame f, long seqBy, long ackBy, long nanosBy) {
        Frame g = withSeq(f, (seq(f) + seqBy) & 0xffffffffL);
        if ((flags(f) & ACK) != 0) g = withAck(g, (ack(f) + ackBy) & 0xffffffffL);
        return at(g, f.timestampNanos() + nanosBy);
    }

    static int flags(Frame f) {
        byte[] b = bytes(f);
        return b[tcpStart(b) + TCP_FLAGS] & 0xff;
    }
}
