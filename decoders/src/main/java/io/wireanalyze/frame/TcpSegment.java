package io.wireanalyze.frame;

import java.nio.ByteBuffer;

/**
 * A TCP segment found in a frame.
 *
 * @param frame           the frame it came in
 * @param src             sender address and port
 * @param dst             receiver address and port
 * @param seq             sequence number (unsigned 32 bits)
 * @param ack             acknowledgement number (unsigned 32 bits; meaningful when {@link #hasAck()})
 * @param flags           TCP flags byte (FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10, URG 0x20, ECE, CWR)
 * @param window          advertised window (unscaled)
 * @param payload         the captured payload bytes (a view of the frame's bytes)
 * @param payloadLength   payload length on the wire, from the IP length; larger than
 *                        {@code payload.remaining()} when the snaplen cut the frame
 */
public record TcpSegment(Frame frame, Endpoint src, Endpoint dst, long seq, long ack, int flags, int window,
                         ByteBuffer payload, int payloadLength, long identity) {

    /**
     * A segment whose sending is not told apart from another's (identity 0). The identity is a fingerprint of the
     * IPv4 identification, TCP checksum and options: two frames of a flow with the same identity, sequence and
     * acknowledgement numbers, flags and length are copies of one packet. Positive with an IPv4 identification;
     * negative (weak) without one (IPv6, or identification 0), where only copies captured microseconds apart are
     * told from two sendings; 0 when not computed.
     */
    public TcpSegment(Frame frame, Endpoint src, Endpoint dst, long seq, long ack, int flags, int window,
                      ByteBuffer payload, int payloadLength) {
        this(frame, src, dst, seq, ack, flags, window, payload, payloadLength, 0);
    }

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int PSH = 0x08;
    public static final int ACK = 0x10;

    public boolean syn() { return (flags & SYN) != 0; }
    public boolean fin() { return (flags & FIN) != 0; }
    public boolean rst() { return (flags & RST) != 0; }
    public boolean hasAck() { return (flags & ACK) != 0; }

    /** Payload bytes actually captured. */
    public int capturedPayloadLength() {
        return payload.remaining();
    }

    /** Flags as Wireshark shows them, e.g. "SYN, ACK". */
    public static String flagNames(int flags) {
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            if ((flags & (1 << i)) != 0) sb.append(sb.length() == 0 ? "" : ", ").append(names[i]);
        }
        return sb.toString();
    }
}
