package io.wireanalyze.protocol.hessian;

import io.wireanalyze.protocol.CallMessageType;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.Role;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.wireanalyze.protocol.hessian.HessianExchanges.*;
import static org.junit.jupiter.api.Assertions.*;

/** Hessian 1.0 and 2.0 calls, replies and faults inside HTTP/1.1, hand-made as hessian 4.0.66 writes them. */
class HessianBodiesTest {

    /** Hessian 2.0 sendChars("hello"): 'H' 2 0 'C', method (short string), 1 argument (0x91), "hello" (short string). */
    static final byte[] SEND_CHARS_2 = bytes('H', 2, 0, 'C', 0x09, "sendChars", 0x91, 0x05, "hello");
    /** Its reply: 'H' 2 0 'R', int 5 (0x95). */
    static final byte[] REPLY_5 = bytes('H', 2, 0, 'R', 0x95);

    @Test
    void aHessian2CallIsAnInvocationNamedByItsMethodWithItsArgumentsAsData() {
        byte[] request = post(SEND_CHARS_2);
        List<Message> out = decode(request, ok(REPLY_5));
        assertEquals(2, out.size(), out::toString);
        Message call = out.get(0);
        assertEquals(HessianBodies.HESSIAN, call.protocol());
        assertEquals(CallMessageType.CALL, call.type());
        assertEquals(Phase.INVOCATION, call.phase());
        assertEquals("sendChars", call.info().method());
        assertEquals(request.length, call.length());
        // Data: the arguments, after 'H' 2 0 'C', the method (10 bytes) and the count (1 byte).
        assertEquals(request.length - SEND_CHARS_2.length + 15, call.dataOffset());
        assertEquals(6, call.dataLength());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals("2.0", f.get("hessianVersion"));
        assertEquals(1, f.get("hessianArguments"));
        assertEquals(21L, f.get("hessianMessageBytes"));
        assertEquals(5L, f.get("hessianValueBytes"), "hello; the codes, the count and the method name are markup");
        assertEquals(1L, f.get("hessianValues"));
        assertEquals((long) request.length - SEND_CHARS_2.length, call.info().details().count(ByteCount.FRAMING));

        Message reply = out.get(1);
        assertEquals(CallMessageType.REPLY, reply.type());
        assertEquals(Role.REPLY, reply.role());
        assertEquals("sendChars", reply.info().method(), "a reply takes its call's method");
        assertEquals(1L, reply.info().details().count(ByteCount.VALUES), "0x95 is the int 5 itself");
        assertEquals(1, reply.dataLength());
        assertNull(reply.info().details().exception());
    }

    @Test
    void aHessian1CallWithAHeaderAndAnIntArrayCountsOnlyTheIntsAsValues() {
        byte[] body = bytes('c', 1, 0, 'H', 0, 2, "id", 'S', 0, 1, "x", 'm', 0, 8, "sendInts",
                'V', 't', 0, 4, "[int", 'l', 0, 0, 0, 2, 'I', 0, 0, 0, 1, 'I', 0, 0, 0, 2, 'z', 'z');
        byte[] reply = bytes('r', 1, 0, 'I', 0, 0, 0, 2, 'z');
        List<Message> out = decode(post(body), ok(reply));
        Message call = out.get(0);
        assertEquals("sendInts", call.info().method());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals("1.0", f.get("hessianVersion"));
        assertEquals(1, f.get("hessianArguments"));
        assertEquals(9L, f.get("hessianValueBytes"), "the header's value x and the two ints; the type [int and the length are markup");
        assertEquals(24, call.dataLength(), "the list, 'V' to its 'z'");
        assertEquals(4L, out.get(1).info().details().count(ByteCount.VALUES));
        assertEquals("1.0", out.get(1).info().details().asMap().get("hessianVersion"));
    }

    @Test
    void hessian2ObjectsCountTheirFieldsAsValuesAndTheClassDefinitionAsMarkup() {
        // getObjects reply: a fixed untyped list of 2 (0x7a), class "R" with fields a, b (C ...), then two instances 0x60.
        byte[] reply = bytes('H', 2, 0, 'R', 0x7a, 'C', 0x01, "R", 0x92, 0x01, "a", 0x01, "b",
                0x60, 0x03, "xyz", 'I', 0, 0, 1, 0, 0x60, 0x00, 'N');
        List<Message> out = decode(post(bytes('H', 2, 0, 'C', 0x0a, "getObjects", 0x91, 0x92)), ok(reply));
        Map<String, Object> f = out.get(1).info().details().asMap();
        assertEquals(CallMessageType.REPLY, out.get(1).type());
        assertEquals(8L, f.get("hessianValueBytes"), "xyz, the int's 4 bytes, the empty string (none) and N");
        assertEquals(8L, f.get("hessianValues"), "the list, the definition, two objects, their four fields");
        assertEquals(1L, out.get(0).info().details().count(ByteCount.VALUES), "the argument 2 (0x92)");
    }

    @Test
    void aHessian2FaultGivesItsCodeAndMessageAsTheException() {
        byte[] fault = bytes('H', 2, 0, 'F', 'H', 0x04, "code", 0x15, "NoSuchMethodException", 0x07, "message", 0x04, "nope", 'Z');
        List<Message> out = decode(post(bytes('H', 2, 0, 'C', 0x02, "no", 0x90)), ok(fault));
        Message m = out.get(1);
        assertEquals(CallMessageType.FAULT, m.type());
        assertEquals(Phase.INVOCATION, m.phase());
        assertEquals("NoSuchMethodException: nope", m.info().details().exception());
        assertEquals("NoSuchMethodException", m.info().details().asMap().get("faultCode"));
        assertEquals(0, out.get(0).info().details().asMap().get("hessianArguments"));
    }

    @Test
    void aHessian1FaultEndsTwiceAsHessian4WritesIt() {
        byte[] fault = bytes('r', 1, 0, 'f', 'S', 0, 4, "code", 'S', 0, 16, "ServiceException", 'S', 0, 7, "message", 'S', 0, 2, "no", 'z', 'z');
        List<Message> out = decode(post(bytes('c', 1, 0, 'm', 0, 2, "no", 'z')), ok(fault));
        assertEquals(CallMessageType.FAULT, out.get(1).type(), out::toString);
        assertEquals("ServiceException: no", out.get(1).info().details().exception());
    }

    @Test
    void aVersion2HessianOutputCallHasHessian1ValuesAndAHessian2Reply() {
        // HessianOutput with setVersion(2) (a 4.0.66 proxy with only the 2.0 reply flag): 'c' 2 0, 1.0 values, 'z'.
        List<Message> out = decode(post(bytes('c', 2, 0, 'm', 0, 6, "getInt", 'z')), ok(bytes('H', 2, 0, 'R', 'I', 0x12, 0x34, 0x56, 0x78)));
        assertEquals("getInt", out.get(0).info().method());
        assertEquals("2.0", out.get(0).info().details().asMap().get("hessianVersion"));
        assertEquals(0, out.get(0).info().details().asMap().get("hessianArguments"));
        assertEquals(4L, out.get(1).info().details().count(ByteCount.VALUES));
    }

    @Test
    void otherBinaryBodiesAreNotClaimed() {
        List<Message> out = decode(post(bytes('c', 3, 0, 'm', 0, 1, "x", 'z')), ok(bytes('r', 1, 0, 'N', 'z')));
        assertEquals("http", out.get(0).protocol().label(), out::toString);
        assertTrue(out.get(1).unparsed());
        assertEquals("hessian", decode(post(bytes('C', 0x01, "x", 0x90)), ok(REPLY_5)).get(0).protocol().label(),
                "a bare 2.0 call, claimed as its media type names Hessian");
    }
}
