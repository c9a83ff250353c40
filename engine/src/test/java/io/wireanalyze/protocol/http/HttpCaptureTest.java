package io.wireanalyze.protocol.http;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * HTTP/1.1 framed by Netty's codec on a real capture (fixtures/http/plain-http.pcap: Python's http.server and
 * curl, see the README there): keep-alive, HEAD, chunked bodies both ways, Expect: 100-continue, pipelining.
 * tshark sees the same requests and responses (TsharkOracleTest); here, what each one is.
 */
class HttpCaptureTest {

    private static AnalysisResult plain;

    @BeforeAll
    static void analyse() throws Exception {
        plain = Analyses.analyze(TestCaptures.fixture("http/plain-http.pcap"), AnalysisOptions.defaults());
    }

    private static List<Message> of(int connection, MessageType type) {
        return plain.messages().stream().filter(r -> r.connection() == connection).map(MessageRecord::message)
                .filter(m -> m.type() == type).toList();
    }

    private static HttpDetails http(Message m) {
        return (HttpDetails) m.info().details();
    }

    @Test
    void keepAliveCarriesHeadGetAndAChunkedResponseInOrder() {
        List<Message> requests = of(1, HttpMessageType.REQUEST), responses = of(1, HttpMessageType.RESPONSE);
        assertEquals(List.of("HEAD /index.html", "GET /chunked", "GET /page"), requests.stream().map(m -> m.info().method()).toList());
        assertEquals(List.of(0L, 1L, 2L), responses.stream().map(Message::requestId).toList());
        assertEquals(0, http(responses.get(0)).bodyBytes(), "a HEAD response has no body whatever its Content-Length");
        assertEquals(Boolean.TRUE, http(responses.get(1)).chunked());
        assertEquals(6 + 5 * 300 + 5, http(responses.get(1)).bodyBytes(), "the three chunks, de-chunked");
        assertEquals(3013, http(responses.get(2)).bodyBytes());
        assertEquals(200, http(responses.get(2)).status());
        assertEquals("text/html", http(responses.get(2)).contentType());
    }

    @Test
    void anInterimResponseIsFoldedIntoTheFinalOne() {
        Message response = of(2, HttpMessageType.RESPONSE).get(0);
        assertEquals(1, http(response).interim());
        assertEquals(200, http(response).status());
        Message request = of(2, HttpMessageType.REQUEST).get(0);
        assertEquals("POST /upload", request.info().method());
        assertEquals(20000, http(request).bodyBytes());
    }

    @Test
    void aChunkedRequestBodyIsDechunked() {
        Message request = of(3, HttpMessageType.REQUEST).get(0);
        assertEquals(Boolean.TRUE, http(request).chunked());
        assertEquals(20000, http(request).bodyBytes());
    }

    @Test
    void pipelinedRequestsPairWithTheirResponsesInOrder() {
        List<Message> requests = of(4, HttpMessageType.REQUEST), responses = of(4, HttpMessageType.RESPONSE);
        assertEquals(List.of("GET /one", "POST /two"), requests.stream().map(m -> m.info().method()).toList());
        assertEquals(List.of("GET /one", "POST /two"), responses.stream().map(m -> m.info().method()).toList());
        assertEquals(List.of(0L, 1L), responses.stream().map(Message::requestId).toList());
    }

    @Test
    void bodiesNoFormatClaimsAreUnparsedAndTheHeadsAreAnInvocationEach() {
        List<Message> bodies = plain.messages().stream().map(MessageRecord::message).filter(m -> m.type() == MessageType.UNPARSED).toList();
        assertFalse(bodies.isEmpty());
        bodies.forEach(b -> assertTrue(b.info().details().asMap().get("reason").toString().startsWith("HTTP body of "), b::toString));
        assertEquals(7, plain.invocations().size());
        assertTrue(plain.invocations().stream().allMatch(i -> i.replyFrame() != null), "every request answered");
        long unparsedPayload = plain.phase(Phase.UNPARSED).payloadBytes();
        long bodyBytes = bodies.stream().mapToLong(Message::length).sum();
        assertTrue(unparsedPayload > 0 && unparsedPayload <= bodyBytes + 2000, unparsedPayload + " vs " + bodyBytes);
    }

    @Test
    void aResponseSentBeforeItsRequestArrivedWholeStillPairs() throws Exception {
        // ndpi-soap.pcap: the server answers 302 while the client's SOAP body is still missing a segment. The POST
        // carries a SOAP envelope, so the call is named by its operation.
        AnalysisResult r = Analyses.analyze(TestCaptures.publicCaptures().resolve("ndpi-soap.pcap"), AnalysisOptions.defaults());
        var post = r.invocations().stream().filter(i -> i.method().endsWith("}DeviceMetadataBatchRequest")).toList();
        assertEquals(1, post.size(), r.invocations()::toString);
        assertNotNull(post.get(0).replyFrame());
        assertEquals(8L, post.get(0).replyFrame());
    }
}
