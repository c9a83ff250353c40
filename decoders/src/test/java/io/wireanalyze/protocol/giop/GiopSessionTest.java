package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Facts;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static io.wireanalyze.protocol.giop.GiopBytes.*;
import static org.junit.jupiter.api.Assertions.*;

/** Byte tests: every message type of GIOP 1.0, 1.1 and 1.2 in both byte orders, field by field (see {@link GiopBytes}). */
class GiopSessionTest {

    /** Stream offset of the first byte handed to the session. */
    static final long AT = 100;

    /** The facts of a capture as the analysis settles them: what one connection told, the next one knows. */
    private final Told registry = new Told();

    /** Facts told, kept as told: the next session knows them. */
    static final class Told implements Facts {
        final java.util.List<String> told = new java.util.ArrayList<>();
        private final Facts known = Facts.local();

        @Override
        public void learned(String kind, String key, String value) {
            told.add(kind + " " + key + " " + value);
            known.learned(kind, key, value);
        }

        @Override
        public String known(String kind, String key) {
            return known.known(kind, key);
        }

        int size() {
            return told.size();
        }
    }
    private final GiopSession session = session(registry);

    static GiopSession session(Facts facts) {
        return new GiopSession(new SessionContext(DecoderLimits.DEFAULT, Map.of(), false, facts));
    }

    static Message decode(GiopSession s, Direction d, byte[] bytes) {
        DecodeStep<Message> step = s.decode(d, ByteBuffer.wrap(bytes), AT, InputState.MORE_MAY_FOLLOW);
        DecodeStep.Decoded<Message> decoded = assertInstanceOf(DecodeStep.Decoded.class, step, () -> "got " + step);
        assertEquals(bytes.length, decoded.consumed());
        Message m = decoded.message();
        assertEquals(Giop.NAME, m.protocol());
        assertEquals(d, m.direction());
        assertEquals(AT, m.offset());
        assertEquals(bytes.length, m.length());
        return m;
    }

    private Message decode(Direction d, byte[] bytes) {
        return decode(session, d, bytes);
    }

    private DecodeStep.Malformed<Message> malformed(byte[] bytes) {
        DecodeStep<Message> step = session(Facts.local()).decode(Direction.C2S, ByteBuffer.wrap(bytes), AT, InputState.MORE_MAY_FOLLOW);
        return assertInstanceOf(DecodeStep.Malformed.class, step, () -> "got " + step);
    }

    @Test
    void decodesAGiop10ResolveOnTheBootstrapKeyAsNamingWithItsCodeSets() {
        Message q = decode(Direction.C2S, REQUEST_10_RESOLVE);
        assertEquals(GiopMessageType.REQUEST, q.type());
        assertEquals(Phase.NAMING, q.phase());
        assertEquals(Role.REQUEST, q.role());
        assertEquals(5, q.requestId());
        assertEquals("resolve", q.info().method());
        assertEquals("BenchService", q.info().name());
        assertEquals("4e616d6553657276696365", q.info().objId());
        Map<String, Object> x = q.info().details().asMap();
        assertEquals("1.0", x.get("giopVersion"));
        assertEquals("big-endian", x.get("byteOrder"));
        assertEquals("NameService", x.get("objectKey"));
        assertEquals(true, x.get("responseExpected"));
        assertEquals(List.of("CodeSets"), x.get("serviceContexts"));
        assertEquals(24, x.get("serviceContextBytes"));        // count, id, length and the 12-octet encapsulation
        assertEquals("ISO-8859-1, UTF-16", x.get("codeSets"));
        assertEquals(AT + 76, q.dataOffset());                 // the body: after the principal
        assertEquals(29, q.dataLength());
    }

    @Test
    void aNamingReplyCarriesItsRequestsOperationAndTheResolvedReference() {
        decode(Direction.C2S, REQUEST_10_RESOLVE);
        Message r = decode(Direction.S2C, REPLY_10_RESOLVED);
        assertEquals(GiopMessageType.REPLY, r.type());
        assertEquals(Phase.NAMING, r.phase());
        assertEquals(Role.REPLY, r.role());
        assertEquals(5, r.requestId());
        assertEquals("resolve", r.info().method());
        assertEquals("BenchService", r.info().name());
        assertEquals("NO_EXCEPTION", r.info().details().asMap().get("replyStatus"));
        assertEquals("IDL:Bench:1.0 @ 127.0.0.1:3333", r.info().details().asMap().get("resolved"));
        assertEquals(AT + 24, r.dataOffset());                 // GIOP 1.0: the body follows the reply header unaligned
        assertEquals(64, r.dataLength());
        assertEquals(0, registry.size(), "an application object is not a naming context");
    }

    @Test
    void decodesAGiop11LittleEndianRequestAndTheFragmentThatEndsIt() {
        Message q = decode(Direction.C2S, REQUEST_11_LE_FIRST);
        assertEquals(Phase.INVOCATION, q.phase());
        assertEquals(7, q.requestId());
        assertEquals("sendInts", q.info().method());
        assertEquals("42656e63684b6579", q.info().objId());
        assertEquals("BenchKey", q.info().details().asMap().get("objectKey"));
        assertEquals("little-endian", q.info().details().asMap().get("byteOrder"));
        assertEquals(true, q.info().details().asMap().get("moreFragments"));
        assertEquals(AT + 56, q.dataOffset());
        assertEquals(12, q.dataLength());

        Message f = decode(Direction.C2S, FRAGMENT_11_LE);
        assertEquals(GiopMessageType.FRAGMENT, f.type());
        assertEquals(Phase.INVOCATION, f.phase());
        assertEquals(Role.CONTINUATION, f.role(), "counted with its invocation");
        assertEquals(7, f.requestId(), "a GIOP 1.1 fragment continues the direction's last fragmented message");
        assertEquals("sendInts", f.info().method());
        assertEquals("request", f.info().details().asMap().get("continues"));
        assertEquals(1, f.info().details().asMap().get("fragment"));
        assertEquals(AT + 12, f.dataOffset());
        assertEquals(8, f.dataLength());

        Message r = decode(Direction.S2C, REPLY_11_LE);
        assertEquals(7, r.requestId());
        assertEquals("sendInts", r.info().method());
        assertEquals(AT + 24, r.dataOffset());
        assertEquals(4, r.dataLength());
        // The chain is closed: another fragment continues nothing.
        Message stray = decode(Direction.C2S, FRAGMENT_11_LE);
        assertEquals(-1, stray.requestId());
        assertNull(stray.info().details().asMap().get("continues"));
    }

    @Test
    void decodesAGiop12FragmentByItsRequestIdAndAVoidReplyWithoutData() {
        Message q = decode(Direction.C2S, REQUEST_12_FIRST);
        assertEquals("echo", q.info().method());
        assertEquals("0000002a", q.info().objId());
        assertNull(q.info().details().asMap().get("objectKey"), "not printable");
        assertEquals("key", q.info().details().asMap().get("target"));
        assertEquals(3, q.info().details().asMap().get("responseFlags"));
        assertEquals(AT + 48, q.dataOffset());                 // 8-aligned after the empty service context list
        assertEquals(8, q.dataLength());

        Message f = decode(Direction.C2S, FRAGMENT_12);
        assertEquals(GiopMessageType.FRAGMENT, f.type());
        assertEquals(9, f.requestId());
        assertEquals("echo", f.info().method());
        assertEquals(AT + 16, f.dataOffset());                 // after the fragment header's request id
        assertEquals(12, f.dataLength());

        Message r = decode(Direction.S2C, REPLY_12_VOID);
        assertEquals(9, r.requestId());
        assertEquals("echo", r.info().method());
        assertEquals(0, r.dataLength());
    }

    @Test
    void decodesALittleEndianSystemExceptionWithItsRepositoryIdMinorCodeAndCompletion() {
        Message r = decode(Direction.S2C, REPLY_12_LE_SYSTEM_EXCEPTION);
        Map<String, Object> x = r.info().details().asMap();
        assertEquals("SYSTEM_EXCEPTION", x.get("replyStatus"));
        assertEquals("IDL:omg.org/CORBA/OBJECT_NOT_EXIST:1.0", x.get("exception"));
        assertEquals("0x4f4d0002", x.get("minorCode"));
        assertEquals("COMPLETED_NO", x.get("completionStatus"));
        assertEquals(3, r.requestId());
        assertEquals(Phase.INVOCATION, r.phase(), "its request was not captured");
        assertEquals(AT + 24, r.dataOffset());
        assertEquals(52, r.dataLength());
    }

    @Test
    void decodesAUserExceptionWithItsRepositoryId() {
        Message r = decode(Direction.S2C, REPLY_12_USER_EXCEPTION);
        assertEquals("USER_EXCEPTION", r.info().details().asMap().get("replyStatus"));
        assertEquals("IDL:omg.org/CosNaming/NamingContext/NotFound:1.0", r.info().details().asMap().get("exception"));
    }

    @Test
    void theBootstrapForwardMakesTheRootContextNamingOnOtherConnections() {
        Message q = decode(Direction.C2S, REQUEST_12_BOOTSTRAP);
        assertEquals(Phase.NAMING, q.phase());
        assertEquals("_non_existent", q.info().method());
        assertEquals(0, q.dataLength(), "no arguments, so no padding either");
        Message r = decode(Direction.S2C, REPLY_12_FORWARD);
        assertEquals(Phase.NAMING, r.phase());
        assertEquals("LOCATION_FORWARD", r.info().details().asMap().get("replyStatus"));
        assertEquals("IDL:omg.org/CosNaming/NamingContextExt:1.0 @ 127.0.0.1:1050", r.info().details().asMap().get("forward"));
        assertEquals("127.0.0.1:1050", registry.known(GiopNaming.FACT, "afabcafe00000001"));

        // The key says nothing by itself: another connection knows it from the facts of the capture ...
        Message resolve = decode(session(registry), Direction.C2S, REQUEST_12_RESOLVE_STR);
        assertEquals(Phase.NAMING, resolve.phase());
        assertEquals("resolve_str", resolve.info().method());
        assertEquals("BenchService", resolve.info().name());
        assertEquals(AT + 56, resolve.dataOffset());
        assertEquals(17, resolve.dataLength());
        // ... and a connection of another analysis does not.
        Message unknown = decode(session(Facts.local()), Direction.C2S, REQUEST_12_RESOLVE_STR);
        assertEquals(Phase.INVOCATION, unknown.phase());
        assertNull(unknown.info().name());
    }

    @Test
    void jacorbsNamingKeyIsNaming() {
        Message q = decode(Direction.C2S, REQUEST_11_JACORB_RESOLVE_STR);
        assertEquals(Phase.NAMING, q.phase());
        assertEquals("1.1", q.info().details().asMap().get("giopVersion"));
        assertEquals("StandardNS/NameServer-POA/_root", q.info().details().asMap().get("objectKey"));
        assertEquals("BenchService", q.info().name());
        assertEquals(3, q.requestId());
    }

    @Test
    void decodesAOnewayRequestAddressedByAWholeReference() {
        Message q = decode(Direction.C2S, REQUEST_12_REFERENCE_ADDR);
        Map<String, Object> x = q.info().details().asMap();
        assertEquals("reference", x.get("target"));
        assertEquals("IDL:Bench:1.0", x.get("targetType"));
        assertEquals("127.0.0.1:3333", x.get("targetEndpoint"));
        assertEquals(0, x.get("responseFlags"));
        assertEquals("00010203", q.info().objId());
        assertEquals("ping", q.info().method());
        assertEquals(11, q.requestId());
        assertEquals(0, q.dataLength());
    }

    @Test
    void locateMessagesBeforeTheFirstApplicationRequestAreHandshake() {
        Message lq = decode(Direction.C2S, LOCATE_REQUEST_12);
        assertEquals(GiopMessageType.LOCATE_REQUEST, lq.type());
        assertEquals(Phase.HANDSHAKE, lq.phase());
        assertEquals(Role.NONE, lq.role(), "locate ids must not pair with application requests");
        assertEquals(1, lq.requestId());
        assertEquals("BenchKey", lq.info().details().asMap().get("objectKey"));
        assertEquals(0, lq.dataLength());
        Message lr = decode(Direction.S2C, LOCATE_REPLY_12);
        assertEquals(GiopMessageType.LOCATE_REPLY, lr.type());
        assertEquals(Phase.HANDSHAKE, lr.phase());
        assertEquals("OBJECT_HERE", lr.info().details().asMap().get("locateStatus"));

        decode(Direction.C2S, REQUEST_12_FIRST);
        assertEquals(Phase.INVOCATION, decode(Direction.C2S, LOCATE_REQUEST_12).phase());
        assertEquals(Phase.INVOCATION, decode(Direction.S2C, LOCATE_REPLY_12).phase());
    }

    @Test
    void decodesAGiop10LittleEndianLocateForward() {
        Message lq = decode(Direction.C2S, LOCATE_REQUEST_10_LE);
        assertEquals("00000001", lq.info().objId());
        assertEquals("little-endian", lq.info().details().asMap().get("byteOrder"));
        Message lr = decode(Direction.S2C, LOCATE_REPLY_10_LE_FORWARD);
        assertEquals("OBJECT_FORWARD", lr.info().details().asMap().get("locateStatus"));
        assertEquals("(no type id) @ 127.0.0.1:1038", lr.info().details().asMap().get("forward"));
        assertEquals(Phase.HANDSHAKE, lr.phase());
    }

    @Test
    void cancelTakesItsRequestsPhaseCloseConnectionIsTeardownAndAnEarlyMessageErrorIsHandshake() {
        decode(Direction.C2S, REQUEST_12_FIRST);
        Message cancel = decode(Direction.C2S, CANCEL_REQUEST_12);
        assertEquals(GiopMessageType.CANCEL_REQUEST, cancel.type());
        assertEquals(Phase.INVOCATION, cancel.phase());
        assertEquals(9, cancel.requestId());
        assertEquals("echo", cancel.info().method());
        Message close = decode(Direction.S2C, CLOSE_CONNECTION_12);
        assertEquals(GiopMessageType.CLOSE_CONNECTION, close.type());
        assertEquals(Phase.TCP_TEARDOWN, close.phase());
        Message error = decode(session(registry), Direction.S2C, MESSAGE_ERROR_10);
        assertEquals(GiopMessageType.MESSAGE_ERROR, error.type());
        assertEquals(Phase.HANDSHAKE, error.phase());
    }

    @Test
    void decodesZiopAsItsOwnTypeWithoutInflatingIt() {
        Message z = decode(Direction.C2S, ZIOP_REQUEST);
        assertEquals(ZiopMessageType.ZIOP, z.type());
        assertEquals(Phase.INVOCATION, z.phase());
        assertEquals("ZLIB", z.info().details().asMap().get("compressor"));
        assertEquals(4L, z.info().details().asMap().get("originalLength"));
        assertEquals("request", z.info().details().asMap().get("compressedType"));
        assertEquals(AT + 20, z.dataOffset());
        assertEquals(4, z.dataLength());
    }

    @Test
    void aRequestWhoseHeaderGoesOnInAFragmentIsNotMalformed() {
        // REQUEST_12_FIRST cut after its object key, with the size saying so: the operation is in the next fragment.
        byte[] cut = java.util.Arrays.copyOf(REQUEST_12_FIRST, 32);
        cut[11] = 20;
        Message q = decode(Direction.C2S, cut);
        assertEquals(9, q.requestId());
        assertNull(q.info().method());
        assertEquals("giop.request_op", q.info().details().asMap().get("headerContinues"));
        assertEquals(0, q.dataLength());
    }

    @Test
    void waitsForTheWholeMessage() {
        var header = session.decode(Direction.C2S, ByteBuffer.wrap(REQUEST_12_FIRST, 0, 11).slice(), AT, InputState.MORE_MAY_FOLLOW);
        assertEquals(12, assertInstanceOf(DecodeStep.NeedMore.class, header).atLeast());
        var body = session.decode(Direction.C2S, ByteBuffer.wrap(REQUEST_12_FIRST, 0, 40).slice(), AT, InputState.MORE_MAY_FOLLOW);
        assertEquals(56, assertInstanceOf(DecodeStep.NeedMore.class, body).atLeast());
    }

    @Test
    void reportsWhatIsWrongWhereAndWhatWasExpected() {
        byte[] b = REQUEST_12_FIRST.clone();
        b[0] = 'X';
        var magic = malformed(b);
        assertEquals(AT, magic.offset());
        assertEquals("giop.magic", magic.field());
        assertEquals("0x58494f50 (expected: 0x47494f50 \"GIOP\" or 0x5a494f50 \"ZIOP\")", magic.reason());

        b = REQUEST_12_FIRST.clone();
        b[5] = 3;
        var version = malformed(b);
        assertEquals(AT + 4, version.offset());
        assertEquals("1.3 (expected: 1.0, 1.1 or 1.2)", version.reason());

        b = MESSAGE_ERROR_10.clone();
        b[7] = 7;
        var fragmentIn10 = malformed(b);
        assertEquals(AT + 7, fragmentIn10.offset());
        assertEquals("giop.type", fragmentIn10.field());
        assertEquals("7 (expected: 0-6 in GIOP 1.0)", fragmentIn10.reason());

        b = REQUEST_12_FIRST.clone();
        b[8] = 0x7f;
        var size = malformed(b);
        assertEquals(AT + 8, size.offset());
        assertEquals("giop.len", size.field());

        b = REQUEST_12_FIRST.clone();
        b[35] = 0x40;                                          // operation length 64 in a message of 56 bytes
        var op = malformed(b);
        assertEquals(AT + 32, op.offset());
        assertEquals("giop.request_op", op.field());
        assertEquals("length 64 (expected: <= 20 with 20 bytes left)", op.reason());

        b = REQUEST_12_FIRST.clone();
        b[21] = 3;                                             // TargetAddress discriminant 3
        var target = malformed(b);
        assertEquals(AT + 20, target.offset());
        assertEquals("giop.target_address.discriminant", target.field());
        assertEquals("3 (expected: 0 KeyAddr, 1 ProfileAddr or 2 ReferenceAddr)", target.reason());

        b = java.util.Arrays.copyOf(REPLY_12_USER_EXCEPTION, 24);   // USER_EXCEPTION with no body
        b[11] = 12;
        var noBody = malformed(b);
        assertEquals(AT + 8, noBody.offset(), "the size is what is wrong");
        assertEquals("giop.len", noBody.field());
        assertEquals("12 (expected: room for giop.exceptionid, which needs 4 bytes at index 24, 0 left)", noBody.reason());
    }

    @Test
    void resynchronisesAtTheNextGiopOrZiopMagic() {
        byte[] junk = "xxGIOZIOP".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertEquals(5, session.resync(Direction.C2S, ByteBuffer.wrap(junk)));
        assertEquals(3, session.resync(Direction.C2S, ByteBuffer.wrap("abcGIOP".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
        assertEquals(-1, session.resync(Direction.C2S, ByteBuffer.wrap("GIO".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
    }
}
