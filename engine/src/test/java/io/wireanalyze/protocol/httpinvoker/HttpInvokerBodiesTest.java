package io.wireanalyze.protocol.httpinvoker;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Spring HttpInvoker: the calls and results of a real capture, and hostile serialization streams. */
class HttpInvokerBodiesTest {

    @Test
    void theCapturesCallsAreNamedWithTheirArgumentTypesAndResultClasses() throws Exception {
        // fixtures/httpinvoker/sendints.pcap: a warm-up sendInts(int[100]), wireanalyzeMark("measure"), 2 sendInts.
        var pcap = TestCaptures.fixture("httpinvoker/sendints.pcap");
        List<Message> all = io.wireanalyze.accounting.Analyzer.analyze(TestCaptures.source("sendints", TestCaptures.frames(pcap)),
                io.wireanalyze.accounting.AnalysisOptions.defaults()).messages().stream().map(m -> m.message()).toList();
        List<Message> calls = all.stream().filter(m -> m.type() == HttpInvokerMessageType.CALL).toList();
        List<Message> replies = all.stream().filter(m -> m.type() == HttpInvokerMessageType.REPLY).toList();
        assertEquals(List.of("sendInts", "wireanalyzeMark", "sendInts", "sendInts"), calls.stream().map(m -> m.info().method()).toList());
        Map<String, Object> f = calls.get(0).info().details().asMap();
        assertEquals(List.of("[I"), f.get("argumentTypes"));
        assertEquals(731L, f.get("serializationBytes"), "the RemoteInvocation with its int[100]: 400 bytes of ints");
        assertEquals(List.of("java.lang.String"), calls.get(1).info().details().asMap().get("argumentTypes"));
        assertEquals(4, replies.size());
        assertEquals("java.lang.Integer", replies.get(0).info().details().asMap().get("resultClass"));
        assertEquals("sendInts", replies.get(0).info().method());
        assertNull(replies.get(1).info().details().asMap().get("resultClass"), "wireanalyzeMark returns void: a null value");
        assertTrue(all.stream().noneMatch(Message::unparsed));
    }

    @Test
    void aReplyWhoseLastChunkComesAfterTheClientClosedEndsWithThatChunk() throws Exception {
        // fixtures/httpinvoker/reconnect.pcap: the marker's chunked reply ended by a 5-byte chunk in a segment of its own
        // (frame 30); the JDK client had read the result, could not finish the reply without blocking, and closed (FIN,
        // frame 22); the late chunk drew an RST, and the calls after came on a second connection. (TsharkOracleTest
        // checks every message's frame against tshark's.)
        var pcap = TestCaptures.fixture("httpinvoker/reconnect.pcap");
        var result = io.wireanalyze.accounting.Analyzer.analyze(TestCaptures.source("reconnect", TestCaptures.frames(pcap)),
                io.wireanalyze.accounting.AnalysisOptions.defaults());
        List<io.wireanalyze.accounting.MessageRecord> ours = result.messages().stream()
                .filter(m -> m.message().protocol().label().equals("httpinvoker")).toList();
        assertEquals(14, ours.size(), "a warm-up call, the marker, 5 calls and their replies");
        assertEquals(List.of(4, 10), ours.stream().collect(java.util.stream.Collectors.groupingBy(m -> m.connection(),
                java.util.TreeMap::new, java.util.stream.Collectors.counting())).values().stream().map(Long::intValue).toList());
        var marker = result.invocations().stream().filter(i -> i.method().equals("wireanalyzeMark")).findFirst().orElseThrow();
        assertEquals(1, marker.connection());
        assertEquals(30L, marker.replyFrame(), "the late chunk ends the reply");
        assertEquals(294L, marker.replyBytes(), "head, body chunk and the late terminating chunk: 136 + 153 + 5");
        assertEquals(5, result.invocations().stream().filter(i -> !i.warmup() && !i.marker() && i.connection() == 2).count());
        assertEquals(0, result.phases().get(io.wireanalyze.phase.Phase.UNPARSED).packets());
    }

    private static String post(byte[] body) {
        return "POST /httpinvoker/bench HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-java-serialized-object\r\nContent-Length: "
                + body.length + "\r\n\r\n";
    }

    private static String reason(byte[] body) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(post(body).getBytes(StandardCharsets.ISO_8859_1));
        b.writeBytes(body);
        ConnectionDecoder d = TestCaptures.connectionDecoder(DecoderLimits.DEFAULT, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(b.toByteArray()), out::add);
        d.end(true, out::add);
        d.end(false, out::add);
        d.finish(out::add);
        Message unparsed = out.stream().filter(Message::unparsed).findFirst().orElseThrow(() -> new AssertionError(out.toString()));
        return unparsed.info().details().asMap().get("reason").toString();
    }

    @Test
    void anArrayOfTwoBillionIntsIsNotAllocated() {
        // 0xaced 0005, TC_ARRAY, TC_CLASSDESC "[I" uid flags SC_SERIALIZABLE, no fields, TC_ENDBLOCKDATA, TC_NULL, size 2^31-1.
        byte[] body = {(byte) 0xac, (byte) 0xed, 0, 5, 0x75, 0x72, 0, 2, '[', 'I', 0x4d, (byte) 0xba, 0x60, 0x26, 0x76, (byte) 0xea,
                (byte) 0xb2, (byte) 0xa5, 2, 0, 0, 0x78, 0x70, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0, 0, 0, 1};
        String reason = reason(body);
        assertTrue(reason.startsWith("httpinvoker.invocation at stream offset "), reason);
        assertTrue(reason.contains("(expected: "), reason);
    }

    @Test
    void aStreamWithoutAnInvocationSaysWhatItHolds() {
        byte[] body = {(byte) 0xac, (byte) 0xed, 0, 5, 0x74, 0, 2, 'h', 'i'};   // TC_STRING "hi"
        String reason = reason(body);
        assertTrue(reason.endsWith(": no object at the stream's start (expected: a serialized org.springframework.remoting.support.RemoteInvocation"
                + " or org.springframework.remoting.support.RemoteInvocationResult)"), reason);
    }
}
