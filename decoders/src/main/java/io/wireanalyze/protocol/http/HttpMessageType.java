package io.wireanalyze.protocol.http;

import io.wireanalyze.protocol.MessageType;

/** HTTP/1.x messages (RFC 9112), in the report's words. */
public enum HttpMessageType implements MessageType {
    /** A request: request line, header fields, body. */
    REQUEST,
    /** A final response, with any interim (1xx) responses before it. */
    RESPONSE;
}
