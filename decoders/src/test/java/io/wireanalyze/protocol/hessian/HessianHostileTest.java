package io.wireanalyze.protocol.hessian;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.Message;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static io.wireanalyze.protocol.hessian.HessianExchanges.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Hostile Hessian calls: each is a clear unparsed reason with its stream offset, nothing is allocated by a declared
 * length or count, and the next call on the connection is decoded as usual.
 */
class HessianHostileTest {

    private static final byte[] NEXT = bytes('H', 2, 0, 'C', 0x06, "getInt", 0x90);

    /** The reason the hostile call's body is unparsed, after checking where it starts and that the next call decodes. */
    private static String reasonThenNextDecodes(DecoderLimits limits, byte[] hostileBody) {
        byte[] hostile = post(hostileBody);
        List<Message> out = decode(limits, concat(hostile, post(NEXT)), new byte[0]);
        assertEquals(3, out.size(), out::toString);
        assertEquals("http", out.get(0).protocol().label(), "the head of the hostile request, still HTTP");
        Message body = out.get(1);
        assertTrue(body.unparsed(), out::toString);
        assertEquals(hostile.length - hostileBody.length, body.offset());
        assertEquals("getInt", out.get(2).info().method(), "decoding goes on");
        return body.info().details().asMap().get("reason").toString();
    }

    @Test
    void deepNestingStopsAtTheDepthLimit() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(bytes('H', 2, 0, 'C', 0x08, "sendInts", 0x91));
        for (int i = 0; i < 100_000; i++) b.write('W');   // 100,000 variable-length lists, each inside the last
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, b.toByteArray());
        assertTrue(reason.matches("hessian\\.nesting at stream offset \\d+: depth 257 \\(expected: <= 256\\)"), reason);
    }

    @Test
    void aHugeDeclaredStringLengthIsTheBytesLeftNotAnAllocation() {
        // 'S' 0xffff: 65,535 characters declared, 3 sent.
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, bytes('H', 2, 0, 'C', 0x09, "sendChars", 0x91, 'S', 0xff, 0xff, "abc"));
        assertTrue(reason.matches("hessian\\.string at stream offset \\d+: 0 bytes left in the body \\(expected: 1\\)"), reason);
    }

    @Test
    void aListOfTwoBillionElementsEndsWithTheBody() {
        // 'X' with 'I' 0x7fffffff: a fixed-length untyped list of 2^31-1 elements, 2 of them sent.
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT,
                bytes('H', 2, 0, 'C', 0x08, "sendInts", 0x91, 'X', 'I', 0x7f, 0xff, 0xff, 0xff, 0x91, 0x92));
        assertTrue(reason.matches("hessian\\.value at stream offset \\d+: 0 bytes left in the body \\(expected: 1\\)"), reason);
    }

    @Test
    void aClassOfABillionFieldsIsRefusedAtItsDefinition() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT,
                bytes('H', 2, 0, 'C', 0x03, "put", 0x91, 'C', 0x01, "X", 'I', 0x3b, 0x9a, 0xca, 0x00, 0x01, "a", 0x60));
        assertTrue(reason.matches("hessian\\.class\\.fields at stream offset \\d+: 1000000000 fields with 3 bytes left \\(expected: 0\\.\\.3\\)"), reason);
    }

    @Test
    void anObjectOfAnUndefinedClassIsNamed() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, bytes('H', 2, 0, 'C', 0x03, "put", 0x91, 0x65));
        assertTrue(reason.endsWith(": class 5 (expected: 0..-1, a class defined before)"), reason);
    }

    @Test
    void moreValuesThanTheLimitAreRefused() {
        DecoderLimits few = new DecoderLimits(1 << 20, 64, 100, 256, 1 << 20);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(bytes('H', 2, 0, 'C', 0x08, "sendInts", 0x91, 'W'));
        for (int i = 0; i < 1000; i++) b.write(0x90);
        b.write('Z');
        String reason = reasonThenNextDecodes(few, b.toByteArray());
        assertTrue(reason.endsWith(": more than 100 values (expected: <= 100)"), reason);
    }

    @Test
    void aReservedCodeIsNamedWithWhatWasExpected() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, bytes('H', 2, 0, 'C', 0x03, "put", 0x91, 0x40));
        assertTrue(reason.endsWith(": 0x40 '@' (expected: a Hessian 2.0 value; 0x40, 'E', 'G', 'P' are reserved)"), reason);
        String one = reasonThenNextDecodes(DecoderLimits.DEFAULT, bytes('c', 1, 0, 'm', 0, 3, "put", 'Q', 'z'));
        assertTrue(one.endsWith(": 0x51 'Q' (expected: a Hessian 1.0 value: N T F I L D d S s X x B b V M R r)"), one);
    }

    @Test
    void bytesAfterTheMessageAreNamed() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, bytes('c', 1, 0, 'm', 0, 3, "put", 'z', 'z', 'z'));
        assertTrue(reason.endsWith(": 2 bytes after the message (expected: none, one message a body)"), reason);
    }
}
