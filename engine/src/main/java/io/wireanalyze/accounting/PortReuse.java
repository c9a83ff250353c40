package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.tcp.StreamReassembler;

/**
 * Whether a SYN or SYN-ACK on the 4-tuple of a tracked connection starts a new connection (Wireshark's "TCP port
 * numbers reused"): its sequence numbers do not fit the connection. A SYN: after the connection finished (FIN each
 * way, or an RST), on a connection joined mid-way, or from the initiator with another initial sequence number. A
 * SYN-ACK (the new connection's SYN not captured, or the old one's end not either): its sender already had another
 * initial sequence number on this connection, or it acknowledges another SYN than the one its peer sent. A SYN or
 * SYN-ACK sent again with the same numbers (a retransmission) is the same connection.
 */
final class PortReuse {

    private static final long SEQ = 0xffffffffL;

    private PortReuse() {
    }

    /** @param c the connection tracked on the segment's 4-tuple */
    static boolean startsNewConnection(Connection c, TcpSegment s) {
        if (!s.syn()) return false;
        boolean fromInitiator = s.src().equals(c.initiator);
        if (!s.hasAck()) return c.finished() || !c.sawSyn || (fromInitiator && c.synSeq != s.seq());
        StreamReassembler.Summary own = c.streams[fromInitiator ? 0 : 1].summary();
        StreamReassembler.Summary peer = c.streams[fromInitiator ? 1 : 0].summary();
        if (own.baseKnown() && ((own.base() - 1) & SEQ) != (s.seq() & SEQ)) return true;   // the stream starts after the SYN
        return peer.baseKnown() && peer.base() != (s.ack() & SEQ);
    }
}
