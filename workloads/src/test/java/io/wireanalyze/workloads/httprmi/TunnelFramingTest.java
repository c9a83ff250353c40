package io.wireanalyze.workloads.httprmi;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the RMI runtime writes on a client connection, and what the tunnel makes of it. */
class TunnelFramingTest {
    private static final HexFormat HEX = HexFormat.of();

    /** The runtime's bytes up to its first message: transport header, then (after the ProtocolAck) its endpoint. */
    static final String HANDSHAKE = ""
            + "4a524d49" + "0002" + "4b"            // "JRMI", version 2, StreamProtocol
            + "0009" + "3132372e302e302e31"         // writeUTF("127.0.0.1")
            + "00000000";                           // writeInt(0)

    /** The ProtocolAck answered: 4e, writeUTF("127.0.0.1"), writeInt(0). */
    static final String PROTOCOL_ACK = "4e" + "0009" + "3132372e302e302e31" + "00000000";

    static final String PING = "52";
    static final String DGC_ACK = "54" + "0a0b0c0d" + "0000019300000001" + "8001";   // op, UID: unique, time, count
    static final String CALL = "50" + "aced0005" + "7722" + "0000000000000002" + "0000000000000000000000000000"
            + "00000001" + "f6b6898d8bf28643" + "7372";                                 // a dirty call's start

    @Test
    void answersTheHandshakeAndPingsAndCutsADgcAckAndACall() throws IOException {
        TunnelFraming f = new TunnelFraming("127.0.0.1:1100", "127.0.0.1", 0);
        List<String> steps = new ArrayList<>();
        record(steps, f.write(HEX.parseHex("4a524d4900024b"), 0, 7));
        assertEquals(List.of("answer " + PROTOCOL_ACK), steps);
        record(steps, f.write(HEX.parseHex(HANDSHAKE.substring(14) + PING + DGC_ACK + CALL), 0, (HANDSHAKE.length() - 14 + PING.length() + DGC_ACK.length() + CALL.length()) / 2));
        assertEquals(List.of("answer " + PROTOCOL_ACK, "answer 53", "send " + DGC_ACK), steps);
        assertTrue(f.callPending());
        assertEquals(CALL, HEX.formatHex(f.takeCall()));
        assertFalse(f.callPending());
        assertEquals(TunnelFraming.Await.OPERATION, f.await());
    }

    @Test
    void givesTheSameStepsAndCallWhateverTheWritesAreSplitInto() throws IOException {
        byte[] stream = HEX.parseHex(HANDSHAKE + PING + DGC_ACK + CALL);
        for (int cut = 0; cut <= stream.length; cut++) {
            for (int cut2 = cut; cut2 <= stream.length; cut2 += 7) {
                TunnelFraming f = new TunnelFraming("127.0.0.1:1100", "127.0.0.1", 0);
                List<String> steps = new ArrayList<>();
                record(steps, f.write(stream, 0, cut));
                record(steps, f.write(stream, cut, cut2 - cut));
                record(steps, f.write(stream, cut2, stream.length - cut2));
                assertEquals(List.of("answer " + PROTOCOL_ACK, "answer 53", "send " + DGC_ACK), steps, "cut at " + cut + ", " + cut2);
                assertEquals(CALL, HEX.formatHex(f.takeCall()), "cut at " + cut + ", " + cut2);
            }
        }
    }

    @Test
    void aCallWrittenInPiecesIsOneCallAndTheNextMessageStartsAfresh() throws IOException {
        TunnelFraming f = new TunnelFraming("x", "127.0.0.1", 0);
        f.write(HEX.parseHex(HANDSHAKE), 0, HANDSHAKE.length() / 2);
        ByteArrayOutputStream call = new ByteArrayOutputStream();
        byte[] big = new byte[20_000];
        big[0] = 0x50;
        for (int at = 0; at < big.length; at += 8192) {
            int n = Math.min(8192, big.length - at);
            assertEquals(List.of(), f.write(big, at, n));
            call.write(big, at, n);
        }
        assertArrayEquals(call.toByteArray(), f.takeCall());
        List<String> steps = new ArrayList<>();
        record(steps, f.write(HEX.parseHex(PING), 0, 1));
        assertEquals(List.of("answer 53"), steps);
    }

    @Test
    void refusesWhatIsNoJrmpStreamProtocolWithTheOffsetAndTheExpectedBytes() throws IOException {
        IOException single = assertThrows(IOException.class,
                () -> new TunnelFraming("127.0.0.1:1099", "127.0.0.1", 0).write(HEX.parseHex("4a524d4900024c"), 0, 7));
        assertEquals("tunnel to 127.0.0.1:1099: transport header at byte 0: 4a524d4900024c (expected: 4a524d4900024b, JRMP version 2 StreamProtocol)",
                single.getMessage());
        TunnelFraming f = new TunnelFraming("127.0.0.1:1099", "127.0.0.1", 0);
        f.write(HEX.parseHex(HANDSHAKE), 0, HANDSHAKE.length() / 2);
        IOException multiplex = assertThrows(IOException.class, () -> f.write(new byte[] {0x4d}, 0, 1));
        assertEquals("tunnel to 127.0.0.1:1099: operation 0x4d at byte 22 (expected: 0x50 Call, 0x52 Ping or 0x54 DgcAck)", multiplex.getMessage());
        assertThrows(IllegalStateException.class, f::takeCall);
    }

    private static void record(List<String> out, List<TunnelFraming.Step> steps) {
        for (TunnelFraming.Step s : steps) {
            if (s instanceof TunnelFraming.Step.Answer a) out.add("answer " + HEX.formatHex(a.bytes()));
            else if (s instanceof TunnelFraming.Step.Send m) out.add("send " + HEX.formatHex(m.message()));
        }
    }
}
