package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.testing.TestCaptures;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static io.wireanalyze.testing.TestCaptures.hex;
import static org.junit.jupiter.api.Assertions.*;

/** Byte tests: the messages of ndpi-jrmi.pcap (a real JDK client looking up "MessengerService"), field by field. */
class JrmpSessionTest {

    static final byte[] HEADER = hex("""
            4a524d49   // magic "JRMI"
            0002       // version 2
            4b         // StreamProtocol
            """);
    static final byte[] PROTOCOL_ACK = hex("""
            4e                       // ProtocolAck
            0009 3132372e302e302e31  // writeUTF("127.0.0.1"): the client's host as the server sees it
            00008692                 // port 34450
            """);
    static final byte[] CLIENT_ENDPOINT = hex("""
            0009 3132372e302e312e31  // writeUTF("127.0.1.1")
            00000000                 // port 0
            """);
    static final byte[] LOOKUP_CALL = hex("""
            50                       // Call
            aced 0005                // serialization STREAM_MAGIC, STREAM_VERSION
            77 22                    // TC_BLOCKDATA, 34 bytes:
            0000000000000000         //   ObjID.objNum 0: the registry
            00000000 0000000000000000 0000  // ObjID.space: UID unique, time, count (all 0: well-known)
            00000002                 //   operation 2: lookup
            44154dc9d4e63bdf         //   hash: RegistryImpl_Stub.interfaceHash
            74 0010 4d657373656e67657253657276696365  // TC_STRING "MessengerService"
            """);
    static final byte[] PING = hex("52");
    static final byte[] PING_ACK = hex("53");
    static final byte[] DGC_ACK = hex("""
            54                                     // DgcAck
            65eefacc 000001901223d9fa 8002         // the ReturnData's ack UID
            """);

    private final JrmpSession session = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), false));

    private Message decode(Direction d, byte[] bytes, InputState state) {
        DecodeStep<Message> step = session.decode(d, ByteBuffer.wrap(bytes), 100, state);
        DecodeStep.Decoded<Message> decoded = assertInstanceOf(DecodeStep.Decoded.class, step, () -> "got " + step);
        assertEquals(bytes.length, decoded.consumed());
        return decoded.message();
    }

    @Test
    void decodesTheStreamProtocolHandshake() {
        Message header = decode(Direction.C2S, HEADER, InputState.MORE_MAY_FOLLOW);
        assertEquals(JrmpMessageType.HEADER, header.type());
        assertEquals(Phase.HANDSHAKE, header.phase());
        assertEquals("StreamProtocol", header.info().details().asMap().get("jrmpProtocol"));
        assertEquals(2, header.info().details().asMap().get("version"));

        Message ack = decode(Direction.S2C, PROTOCOL_ACK, InputState.MORE_MAY_FOLLOW);
        assertEquals(JrmpMessageType.PROTOCOL_ACK, ack.type());
        assertEquals("127.0.0.1:34450", ack.info().details().asMap().get("endpoint"));

        Message endpoint = decode(Direction.C2S, CLIENT_ENDPOINT, InputState.MORE_MAY_FOLLOW);
        assertEquals(JrmpMessageType.ENDPOINT, endpoint.type());
        assertEquals("127.0.1.1:0", endpoint.info().details().asMap().get("endpoint"));
        assertEquals(100, endpoint.offset());
        assertEquals(15, endpoint.length());
    }

    @Test
    void decodesARegistryLookupWithItsName() {
        decode(Direction.C2S, HEADER, InputState.MORE_MAY_FOLLOW);
        decode(Direction.C2S, CLIENT_ENDPOINT, InputState.MORE_MAY_FOLLOW);
        // The call's serialization stream could go on until the server answers.
        var waiting = session.decode(Direction.C2S, ByteBuffer.wrap(LOOKUP_CALL), 0, InputState.MORE_MAY_FOLLOW);
        assertInstanceOf(DecodeStep.NeedMore.class, waiting);
        Message call = decode(Direction.C2S, LOOKUP_CALL, InputState.PEER_REPLIED);
        assertEquals(JrmpMessageType.CALL, call.type());
        assertEquals(Phase.NAMING, call.phase());
        assertEquals(0L, call.info().details().column("objNum"));
        assertEquals(2, call.info().details().column("op"));
        assertEquals(0x44154dc9d4e63bdfL, call.info().hash());
        assertEquals("lookup", call.info().method());
        assertEquals("MessengerService", call.info().name());
        assertEquals(60, call.length());
    }

    @Test
    void aCallEndsWhereTheNextMessageStarts() {
        decode(Direction.C2S, HEADER, InputState.MORE_MAY_FOLLOW);
        decode(Direction.C2S, CLIENT_ENDPOINT, InputState.MORE_MAY_FOLLOW);
        byte[] callThenPing = new byte[LOOKUP_CALL.length + 1];
        System.arraycopy(LOOKUP_CALL, 0, callThenPing, 0, LOOKUP_CALL.length);
        callThenPing[LOOKUP_CALL.length] = 0x52;
        var step = session.decode(Direction.C2S, ByteBuffer.wrap(callThenPing), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(LOOKUP_CALL.length, assertInstanceOf(DecodeStep.Decoded.class, step).consumed());
    }

    @Test
    void decodesPingPingAckAndDgcAck() {
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        DecodeStep<Message> ping = s.decode(Direction.C2S, ByteBuffer.wrap(PING), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(JrmpMessageType.PING, ((DecodeStep.Decoded<Message>) ping).message().type());
        assertEquals(Phase.KEEPALIVE, ((DecodeStep.Decoded<Message>) ping).message().phase());
        DecodeStep<Message> ack = s.decode(Direction.S2C, ByteBuffer.wrap(PING_ACK), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(JrmpMessageType.PING_ACK, ((DecodeStep.Decoded<Message>) ack).message().type());
        DecodeStep<Message> dgc = s.decode(Direction.C2S, ByteBuffer.wrap(DGC_ACK), 0, InputState.MORE_MAY_FOLLOW);
        Message m = ((DecodeStep.Decoded<Message>) dgc).message();
        assertEquals(JrmpMessageType.DGC_ACK, m.type());
        assertEquals(Phase.DGC, m.phase());
        assertEquals("65eefacc:1901223d9fa:-7ffe", m.info().details().asMap().get("uid"));
    }

    @Test
    void aDgcAckNeedsItsFifteenBytes() {
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        var step = s.decode(Direction.C2S, ByteBuffer.wrap(DGC_ACK, 0, 9).slice(), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(15, assertInstanceOf(DecodeStep.NeedMore.class, step).atLeast());
    }

    @Test
    void rejectsABadMagicWithItsOffsetAndValue() {
        var step = session.decode(Direction.C2S, ByteBuffer.wrap(hex("47 45 54 20 2f 20 48")), 500, InputState.MORE_MAY_FOLLOW);
        var bad = assertInstanceOf(DecodeStep.Malformed.class, step);
        assertEquals(500, bad.offset());
        assertEquals("rmi.magic", bad.field());
        assertEquals("0x47455420 (expected: 0x4a524d49 \"JRMI\")", bad.reason());
    }

    @Test
    void rejectsAnUnknownClientMessage() {
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        var bad = assertInstanceOf(DecodeStep.Malformed.class, s.decode(Direction.C2S, ByteBuffer.wrap(hex("99")), 7, InputState.MORE_MAY_FOLLOW));
        assertEquals("0x99 (expected: 0x50 Call, 0x52 Ping or 0x54 DgcAck)", bad.reason());
    }

    @Test
    void namesApplicationMethodsFromTheirHash() {
        long hash = RmiMethodHash.of("sendInts([I)I");
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(hash, "sendInts"), true));
        ByteBuffer call = ByteBuffer.allocate(1 + 4 + 2 + 34 + 1 + 2 + 2 + 8 + 4 + 2 + 4 + 4 * 3);
        call.put((byte) 0x50).putInt(0xaced0005).put((byte) 0x77).put((byte) 34);
        call.putLong(42).putInt(7).putLong(99).putShort((short) 1).putInt(-1).putLong(hash);
        // int[3]: TC_ARRAY TC_CLASSDESC "[I" suid flags=SC_SERIALIZABLE 0 fields TC_ENDBLOCKDATA TC_NULL, length 3
        call.put((byte) 0x75).put((byte) 0x72).putShort((short) 2).put((byte) '[').put((byte) 'I')
                .putLong(0x4dba602676eab2a5L).put((byte) 2).putShort((short) 0).put((byte) 0x78).put((byte) 0x70)
                .putInt(3).putInt(1).putInt(2).putInt(3);
        byte[] bytes = java.util.Arrays.copyOf(call.array(), call.position());
        var step = s.decode(Direction.C2S, ByteBuffer.wrap(bytes), 0, InputState.PEER_REPLIED);
        Message m = assertInstanceOf(DecodeStep.Decoded.class, step).message() instanceof Message mm ? mm : null;
        assertNotNull(m);
        assertEquals("sendInts", m.info().method());
        assertEquals(-1, m.info().details().column("op"));
        assertEquals(Phase.INVOCATION, m.phase());
        assertEquals("[7:63:1, 42]", m.info().objId());
        // Data: everything after the 41-byte call header (opcode, stream header, block header, 34 bytes).
        assertEquals(41, m.dataOffset());
        assertEquals(bytes.length - 41, m.dataLength());
    }

    @Test
    void decodesAnExceptionalReturnWithTheExceptionClass() throws Exception {
        // What the JDK writes for a call that threw: ReturnData, then in block data ExceptionalReturn (2) and
        // the ack UID, then the exception object (StreamRemoteCall.getResultStream(false) + writeObject).
        var bytes = new java.io.ByteArrayOutputStream();
        bytes.write(0x51);
        try (var out = new java.io.ObjectOutputStream(bytes)) {
            out.writeByte(2);
            out.writeInt(0x1234);
            out.writeLong(0x5678L);
            out.writeShort(-3);
            out.writeObject(new java.rmi.RemoteException("boom", new IllegalStateException("inner")));
        }
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        Message m = ((DecodeStep.Decoded<Message>) s.decode(Direction.S2C, ByteBuffer.wrap(bytes.toByteArray()), 0, InputState.PEER_REPLIED)).message();
        assertEquals(JrmpMessageType.RETURN, m.type());
        assertEquals("exception", m.info().details().asMap().get("returnType"));
        assertEquals("java.rmi.RemoteException", m.info().details().asMap().get("exception"));
        assertEquals("1234:5678:-3", m.info().details().asMap().get("ackUid"));
        assertEquals(bytes.size(), m.length());
    }

    @Test
    void aReturnWaitsForTheNextMessageOrTheEndOfTheStream() {
        JrmpSession s = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        byte[] voidReturn = hex("51 aced0005 770f 01 00000001 0000000000000002 0003");
        assertInstanceOf(DecodeStep.NeedMore.class, s.decode(Direction.S2C, ByteBuffer.wrap(voidReturn), 0, InputState.MORE_MAY_FOLLOW));
        var ended = s.decode(Direction.S2C, ByteBuffer.wrap(voidReturn), 0, InputState.ENDED);
        Message m = ((DecodeStep.Decoded<Message>) ended).message();
        assertEquals("normal", m.info().details().asMap().get("returnType"));
        assertEquals(0, m.dataLength(), "a void return carries no data");
    }

    @Test
    void computesTheSameMethodHashAsTheJdk() throws Exception {
        // The JDK's own implementation, sun.rmi.server.Util.computeMethodHash (exported to the tests in the pom).
        var util = Class.forName("sun.rmi.server.Util").getMethod("computeMethodHash", java.lang.reflect.Method.class);
        for (var m : java.rmi.registry.Registry.class.getMethods()) {
            String descriptor = m.getName() + descriptor(m);
            assertEquals((long) util.invoke(null, m), RmiMethodHash.of(descriptor), descriptor);
        }
    }

    private static String descriptor(java.lang.reflect.Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) sb.append(descriptor(p));
        return sb.append(')').append(descriptor(m.getReturnType())).toString();
    }

    private static String descriptor(Class<?> c) {
        if (c.isArray()) return c.getName().replace('.', '/');
        if (c == void.class) return "V";
        if (c.isPrimitive()) return java.lang.invoke.MethodType.methodType(c).toMethodDescriptorString().substring(2);
        return "L" + c.getName().replace('.', '/') + ";";
    }
}
