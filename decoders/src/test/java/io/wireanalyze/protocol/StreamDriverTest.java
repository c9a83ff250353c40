package io.wireanalyze.protocol;

import io.wireanalyze.protocol.giop.GiopMessageType;
import io.wireanalyze.protocol.jrmp.JrmpMessageType;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.testing.TestCaptures;
import io.wireanalyze.protocol.giop.Giop;
import io.wireanalyze.protocol.jrmp.Jrmp;
import io.wireanalyze.protocol.jrmp.JrmpSession;
import io.wireanalyze.tcp.Direction;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class StreamDriverTest {

    /** Counts the decode attempts a session gets. */
    private static final class Counting implements ProtocolSession {
        final ProtocolSession inner;
        int decodes;

        Counting(ProtocolSession inner) {
            this.inner = inner;
        }

        @Override
        public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
            decodes++;
            return inner.decode(d, in, offset, state);
        }

        @Override
        public int resync(Direction d, ByteBuffer in) {
            return inner.resync(d, in);
        }
    }

    @Test
    void aLargeCallArrivingInManySegmentsIsWalkedLogarithmicallyOften() throws Exception {
        // A real serialization stream with no length: a JRMP Call carrying an ArrayList of 50,000 strings (~430 KB).
        ByteArrayOutputStream call = new ByteArrayOutputStream();
        call.write(0x50);
        try (ObjectOutputStream out = new ObjectOutputStream(call)) {
            out.writeLong(42);
            out.writeInt(1);
            out.writeLong(2);
            out.writeShort(3);
            out.writeInt(-1);
            out.writeLong(77);
            ArrayList<String> list = new ArrayList<>();
            for (int i = 0; i < 50_000; i++) list.add("s" + i);
            out.writeObject(list);
        }
        byte[] bytes = call.toByteArray();
        Counting session = new Counting(new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true)));
        StreamDriver driver = new StreamDriver(Jrmp.NAME, DecoderLimits.DEFAULT.maxMessageBytes());
        List<Message> out = new ArrayList<>();
        int segments = 0;
        for (int off = 0; off < bytes.length; off += 1460, segments++) {
            driver.append(off, ByteBuffer.wrap(bytes, off, Math.min(1460, bytes.length - off)).slice());
            driver.run(session, Direction.C2S, InputState.MORE_MAY_FOLLOW, out::add);
        }
        assertEquals(List.of(), out, "the call cannot end before the server answers");
        driver.run(session, Direction.C2S, InputState.PEER_REPLIED, out::add);
        assertEquals(1, out.size());
        assertEquals(bytes.length, out.get(0).length());
        assertTrue(segments > 250, "segments: " + segments);
        assertTrue(session.decodes < 40, "walked " + session.decodes + " times for " + segments + " segments");
    }

    @Test
    void anExactLengthIsDecodedAsSoonAsItIsThere() {
        // A length-prefixed protocol (GIOP) must not wait for more than its length says.
        byte[] giop = io.wireanalyze.testing.TestCaptures.hex("47494f50 0102 0005 00000000");   // CloseConnection, GIOP 1.2
        Counting session = new Counting(Giop.PROTOCOL.start(TestCaptures.SCOPE).newSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true)));
        StreamDriver driver = new StreamDriver(Giop.NAME, DecoderLimits.DEFAULT.maxMessageBytes());
        List<Message> out = new ArrayList<>();
        driver.append(0, ByteBuffer.wrap(giop, 0, 11).slice());
        driver.run(session, Direction.C2S, InputState.MORE_MAY_FOLLOW, out::add);
        assertEquals(List.of(), out);
        driver.append(11, ByteBuffer.wrap(giop, 11, 1).slice());
        driver.run(session, Direction.C2S, InputState.MORE_MAY_FOLLOW, out::add);
        assertEquals(1, out.size());
        assertEquals(GiopMessageType.CLOSE_CONNECTION, out.get(0).type());
    }

    @Test
    void aDecoderThatConsumesNothingIsABugReportedLoudly() {
        ProtocolSession broken = new ProtocolSession() {
            @Override
            public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
                return new DecodeStep.Decoded<>(Message.unparsed(Jrmp.NAME, d, offset, 0, "x"), 0);
            }

            @Override
            public int resync(Direction d, ByteBuffer in) {
                return -1;
            }
        };
        StreamDriver driver = new StreamDriver(Jrmp.NAME, 1 << 20);
        driver.append(0, ByteBuffer.wrap(new byte[]{1, 2, 3}));
        var e = assertThrows(IllegalStateException.class, () -> driver.run(broken, Direction.C2S, InputState.MORE_MAY_FOLLOW, m -> { }));
        assertTrue(e.getMessage().contains("consumed 0 of 3 bytes"), e.getMessage());
    }

    @Test
    void malformedBytesAreUnparsedAndDecodingResumesAtTheNextMessage() {
        JrmpSession jrmp = new JrmpSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), true));
        StreamDriver driver = new StreamDriver(Jrmp.NAME, 1 << 20);
        List<Message> out = new ArrayList<>();
        // Three bytes of junk, then ndpi-jrmi's registry lookup Call.
        byte[] junkThenCall = io.wireanalyze.testing.TestCaptures.hex("99 98 97"
                + "50aced00057722000000000000000000000000000000000000000000000000000244154dc9d4e63bdf7400104d657373656e67657253657276696365");
        driver.append(0, ByteBuffer.wrap(junkThenCall));
        driver.run(jrmp, Direction.C2S, InputState.MORE_MAY_FOLLOW, out::add);
        driver.run(jrmp, Direction.C2S, InputState.ENDED, out::add);
        driver.finish(Direction.C2S, out::add);
        assertEquals(2, out.size(), out.toString());
        assertEquals(MessageType.UNPARSED, out.get(0).type());
        assertEquals(0, out.get(0).offset());
        assertEquals(3, out.get(0).length());
        assertTrue(out.get(0).info().details().asMap().get("reason").toString().startsWith("rmi.outputstream.message at stream offset 0: 0x99"), out.toString());
        assertEquals(JrmpMessageType.CALL, out.get(1).type());
        assertEquals(3, out.get(1).offset());
        assertEquals("MessengerService", out.get(1).info().name());
    }
}
