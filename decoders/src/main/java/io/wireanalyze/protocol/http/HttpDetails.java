package io.wireanalyze.protocol.http;

import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Details;

import java.util.List;

/**
 * An HTTP message's framing, and the details of the message its body carried (JRMP's, for {@code http-rmi}).
 * Keys use tshark's HTTP field names where it has one ({@code http.request.method}, {@code http.response.code},
 * {@code http.content_type}, {@code http.transfer_encoding}); absent values are null.
 *
 * @param method      the request's method
 * @param uri         the request's target (absolute through a proxy)
 * @param version     HTTP/1.0 or HTTP/1.1
 * @param status      the final response's status code
 * @param contentType the Content-Type field
 * @param chunked     the body came in chunks
 * @param upgrade     the Upgrade field: a request offering another protocol ({@code h2c}), a 101 response taking it;
 *                    a request that offered one and got a final response other than 101 went on as HTTP/1.1
 * @param headerBytes bytes of framing: start lines, header fields, chunk sizes and trailers, interim responses
 * @param bodyBytes   bytes of the (de-chunked) body
 * @param interim     interim (1xx) responses before the final one
 * @param body        why the body was not decoded (no format claimed it, or it was malformed), or null
 * @param inner       the details of the message the body carried ({@link Details#NONE} when none)
 * @param badHeaders  header lines not read (damaged: a NUL byte, no colon ...), each with why; null when none
 */
public record HttpDetails(String method, String uri, String version, Integer status, String contentType, Boolean chunked,
                          String upgrade, long headerBytes, long bodyBytes, Integer interim, String body, Details inner,
                          List<String> badHeaders) implements Details.Layer {

    @Override
    public void fields(FieldSink out) {
        inner.fields(out);
        out.put("http.request.method", method).put("http.request.uri", uri).put("http.version", version)
                .put("http.response.code", status).put("http.content_type", contentType)
                .put("http.transfer_encoding", chunked == Boolean.TRUE ? "chunked" : null).put("http.upgrade", upgrade)
                .put("httpHeaderBytes", headerBytes).put("httpBodyBytes", bodyBytes).put("httpInterimResponses", interim)
                .put("httpBody", body).put("httpBadHeaders", badHeaders);
    }

    /** The head as framing (with any of the body's own), and the body's other counts as they are. */
    @Override
    public void counts(CountSink out) {
        Long innerFraming = inner.count(ByteCount.FRAMING);
        out.count(ByteCount.FRAMING, headerBytes + (innerFraming == null ? 0 : innerFraming));
        inner.counts((c, n) -> {
            if (!c.equals(ByteCount.FRAMING)) out.count(c, n);
        });
    }
}
