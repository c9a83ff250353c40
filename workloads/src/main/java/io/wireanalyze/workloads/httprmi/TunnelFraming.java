package io.wireanalyze.workloads.httprmi;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What the RMI runtime writes on one client connection, cut into what the tunnel answers itself and what it
 * sends as HTTP POSTs; bytes only, no I/O. The runtime (JDK 9 and later) always opens a JRMP StreamProtocol
 * connection, while the tunnel's server end speaks SingleOpProtocol, one message per connection. So:
 * <ul>
 *   <li>the transport header {@code 4a524d49 0002 4b} is answered with a ProtocolAck ({@code 4e}, then the
 *       client's endpoint as the server would see it: {@code writeUTF(host)}, {@code writeInt(port)}), and the
 *       endpoint the runtime writes next ({@code writeUTF}, {@code writeInt}) is dropped;</li>
 *   <li>a Ping ({@code 52}) is answered with a PingAck ({@code 53});</li>
 *   <li>a DgcAck ({@code 54} + 14-byte UID) is {@link Step.Send sent} as soon as it is complete (no reply);</li>
 *   <li>a Call ({@code 50} + serialization stream) is collected until the runtime starts reading its reply:
 *       it has flushed the whole call then, so its end needs no parsing of the stream ({@link #takeCall()}).</li>
 * </ul>
 */
final class TunnelFraming {

    /** What the next written bytes are. */
    enum Await { TRANSPORT_HEADER, ENDPOINT_LENGTH, ENDPOINT, OPERATION, CALL, DGC_ACK }

    /** What a write leads to. */
    sealed interface Step {
        /** Bytes for the runtime to read, answered here. */
        record Answer(byte[] bytes) implements Step {}
        /** A complete message to send now. */
        record Send(byte[] message) implements Step {}
    }

    private final String peer;
    private final byte[] protocolAck;
    private Await await = Await.TRANSPORT_HEADER;
    private final ByteArrayOutputStream unit = new ByteArrayOutputStream();
    private int need = SingleOp.HEADER_BYTES;
    private long offset;

    /**
     * @param peer         names the connection in errors, e.g. {@code 127.0.0.1:1100}
     * @param seenHost     the host the ProtocolAck tells the client it has (a server reports the address it sees)
     * @param seenPort     the port the ProtocolAck tells the client it has
     */
    TunnelFraming(String peer, String seenHost, int seenPort) {
        this.peer = peer;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeByte(SingleOp.PROTOCOL_ACK);
            out.writeUTF(seenHost);
            out.writeInt(seenPort);
        } catch (IOException e) {
            throw new IllegalArgumentException("host: '" + seenHost + "': " + e.getMessage(), e);
        }
        this.protocolAck = b.toByteArray();
    }

    Await await() {
        return await;
    }

    /** Takes bytes the runtime wrote; returns what they call for, in order. */
    List<Step> write(byte[] b, int off, int len) throws IOException {
        List<Step> steps = new ArrayList<>();
        int at = off, end = off + len;
        while (at < end) {
            if (await == Await.CALL) {
                unit.write(b, at, end - at);
                offset += end - at;
                break;
            }
            int take = Math.min(need, end - at);
            unit.write(b, at, take);
            at += take;
            offset += take;
            need -= take;
            if (need == 0) complete(steps);
        }
        return steps;
    }

    /** True when a Call has been written and not taken yet. */
    boolean callPending() {
        return await == Await.CALL;
    }

    /** The Call written since its op byte, {@code 50} first; the next byte written is an operation again. */
    byte[] takeCall() {
        if (await != Await.CALL) throw new IllegalStateException("tunnel to " + peer + ": no call written (awaiting " + await + ")");
        byte[] call = unit.toByteArray();
        next(Await.OPERATION, 1);
        return call;
    }

    private void complete(List<Step> steps) throws IOException {
        byte[] u = unit.toByteArray();
        switch (await) {
            case TRANSPORT_HEADER -> {
                long start = offset - u.length;
                if (u[0] != 'J' || u[1] != 'R' || u[2] != 'M' || u[3] != 'I' || u[4] != 0 || u[5] != SingleOp.VERSION || u[6] != SingleOp.STREAM_PROTOCOL)
                    throw new IOException("tunnel to " + peer + ": transport header at byte " + start + ": " + HexFormat.of().formatHex(u)
                            + " (expected: 4a524d4900024b, JRMP version 2 StreamProtocol)");
                steps.add(new Step.Answer(protocolAck.clone()));
                next(Await.ENDPOINT_LENGTH, 2);
            }
            case ENDPOINT_LENGTH -> next(Await.ENDPOINT, (((u[0] & 0xff) << 8) | (u[1] & 0xff)) + 4);
            case ENDPOINT -> next(Await.OPERATION, 1);
            case OPERATION -> {
                int op = u[0] & 0xff;
                switch (op) {
                    case SingleOp.CALL -> {
                        await = Await.CALL;   // keeps the op byte in unit
                    }
                    case SingleOp.PING -> {
                        steps.add(new Step.Answer(new byte[] {(byte) SingleOp.PING_ACK}));
                        next(Await.OPERATION, 1);
                    }
                    case SingleOp.DGC_ACK -> {
                        await = Await.DGC_ACK;
                        need = SingleOp.UID_BYTES;
                    }
                    default -> throw new IOException("tunnel to " + peer + ": operation 0x" + Integer.toHexString(op) + " at byte "
                            + (offset - 1) + " (expected: 0x50 Call, 0x52 Ping or 0x54 DgcAck)");
                }
            }
            case DGC_ACK -> {
                steps.add(new Step.Send(u));
                next(Await.OPERATION, 1);
            }
            case CALL -> throw new IllegalStateException("a call is complete only when taken");
        }
    }

    private void next(Await a, int bytes) {
        await = a;
        need = bytes;
        unit.reset();
    }
}
