package io.wireanalyze.workloads.httprmi;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * The JRMP bytes the tunnel handles, Java RMI specification chapter 10.2 ("RMI Transport Protocol"), tshark
 * fields {@code rmi.magic}, {@code rmi.version}, {@code rmi.protocol}, {@code rmi.outputstream.message},
 * {@code rmi.inputstream.message}. A tunnelled message is the transport header with SingleOpProtocol, then one
 * message: {@code 4a524d49 0002 4c} then a Call ({@code 50} + serialization stream) or a DgcAck ({@code 54} +
 * 14-byte UID); the server answers a Call with its ReturnData ({@code 51} + stream), a DgcAck with nothing.
 */
final class SingleOp {
    static final int MAGIC = 0x4a524d49;              // "JRMI"
    static final int VERSION = 0x0002;
    static final int STREAM_PROTOCOL = 0x4b;
    static final int SINGLE_OP_PROTOCOL = 0x4c;
    static final int PROTOCOL_ACK = 0x4e;
    static final int CALL = 0x50;
    static final int RETURN_DATA = 0x51;
    static final int PING = 0x52;
    static final int PING_ACK = 0x53;
    static final int DGC_ACK = 0x54;
    /** magic (4), version (2), protocol (1) */
    static final int HEADER_BYTES = 7;
    /** java.rmi.server.UID: int unique, long time, short count */
    static final int UID_BYTES = 14;

    private SingleOp() {
    }

    /** The transport header of a SingleOpProtocol connection: {@code 4a524d49 0002 4c}. */
    static byte[] header() {
        return ByteBuffer.allocate(HEADER_BYTES).putInt(MAGIC).putShort((short) VERSION).put((byte) SINGLE_OP_PROTOCOL).array();
    }

    /** {@code message} behind the SingleOp header: the body of one tunnelled POST. */
    static byte[] wrap(byte[] message) {
        return ByteBuffer.allocate(HEADER_BYTES + message.length).put(header()).put(message).array();
    }

    /** True when {@code b} starts with {@link #header()}. */
    static boolean startsWithHeader(byte[] b) {
        return b.length >= HEADER_BYTES && ByteBuffer.wrap(b).getInt(0) == MAGIC && ByteBuffer.wrap(b).getShort(4) == VERSION
                && b[6] == SINGLE_OP_PROTOCOL;
    }

    /** Up to the first {@code n} bytes of {@code b} in hex, for messages: {@code 47455420...}. */
    static String hexStart(byte[] b, int n) {
        return HexFormat.of().formatHex(b, 0, Math.min(n, b.length)) + (b.length > n ? "..." : "");
    }
}
