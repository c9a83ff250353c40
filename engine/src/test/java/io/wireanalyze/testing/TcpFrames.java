package io.wireanalyze.testing;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Ethernet/IPv4/TCP frames of made-up connections (RFC 791 and 9293 headers; checksums left zero, as the analysis does
 * not read them), for tests that need connections in a given order around bytes a protocol test already knows.
 */
public final class TcpFrames {

    private final List<Frame> frames = new ArrayList<>();
    private long nanos = 1_700_000_000_000_000_000L;

    /** One connection of these frames: its client and server, and each side's next sequence number. */
    public final class Connection {
        private final int clientIp, serverIp, clientPort, serverPort;
        private long clientSeq = 1000, serverSeq = 5000;

        private Connection(int clientIp, int clientPort, int serverIp, int serverPort) {
            this.clientIp = clientIp;
            this.clientPort = clientPort;
            this.serverIp = serverIp;
            this.serverPort = serverPort;
        }

        /** SYN, SYN-ACK, ACK. */
        public Connection open() {
            add(true, 0x02, new byte[0]);
            clientSeq++;
            add(false, 0x12, new byte[0]);
            serverSeq++;
            add(true, 0x10, new byte[0]);
            return this;
        }

        /** The client sends {@code payload} (PSH, ACK) and the server acknowledges it. */
        public Connection request(byte[] payload) {
            add(true, 0x18, payload);
            clientSeq += payload.length;
            add(false, 0x10, new byte[0]);
            return this;
        }

        /** The server sends {@code payload} and the client acknowledges it. */
        public Connection reply(byte[] payload) {
            add(false, 0x18, payload);
            serverSeq += payload.length;
            add(true, 0x10, new byte[0]);
            return this;
        }

        /** FIN from each side, each acknowledged. */
        public Connection close() {
            add(true, 0x11, new byte[0]);
            clientSeq++;
            add(false, 0x11, new byte[0]);
            serverSeq++;
            add(true, 0x10, new byte[0]);
            return this;
        }

        private void add(boolean fromClient, int flags, byte[] payload) {
            ByteBuffer b = ByteBuffer.allocate(14 + 20 + 20 + payload.length);
            b.put(new byte[12]).putShort((short) 0x0800);                                   // Ethernet, IPv4
            b.put((byte) 0x45).put((byte) 0).putShort((short) (40 + payload.length));       // version, IHL, total length
            b.putShort((short) frames.size()).putShort((short) 0x4000).put((byte) 64).put((byte) 6).putShort((short) 0);
            b.putInt(fromClient ? clientIp : serverIp).putInt(fromClient ? serverIp : clientIp);
            b.putShort((short) (fromClient ? clientPort : serverPort)).putShort((short) (fromClient ? serverPort : clientPort));
            b.putInt((int) (fromClient ? clientSeq : serverSeq));
            b.putInt((flags & 0x10) != 0 ? (int) (fromClient ? serverSeq : clientSeq) : 0);
            b.put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0);         // data offset 5, window
            b.put(payload).flip();
            nanos += 1_000_000;
            frames.add(new Frame(frames.size() + 1, nanos, LinkType.ETHERNET, b.asReadOnlyBuffer(), b.remaining()));
        }
    }

    /** A connection from 198.18.0.1:{@code clientPort} to 198.18.0.2:{@code serverPort}. */
    public Connection connection(int clientPort, int serverPort) {
        return new Connection(0xc6120001, clientPort, 0xc6120002, serverPort);
    }

    public List<Frame> frames() {
        return List.copyOf(frames);
    }
}
