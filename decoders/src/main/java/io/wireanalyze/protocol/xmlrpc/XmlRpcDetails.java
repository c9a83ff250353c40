package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.protocol.FaultingDetails;

/**
 * What an XML-RPC call, reply or fault carries beyond the shared fields.
 *
 * @param params        a call's parameter count; null for replies
 * @param bodyBytes     the HTTP body as sent
 * @param inflatedBytes the document's bytes after gzip, or null when the body was not compressed
 * @param valueBytes    bytes of the text of the values (in the document; after inflating a gzip body), the rest being
 *                      markup: tags, the method name, struct member names
 * @param elements      elements in the document
 * @param faultCode     a fault's {@code faultCode}, or null
 * @param faultString   a fault's {@code faultString}, or null
 */
public record XmlRpcDetails(Integer params, long bodyBytes, Long inflatedBytes, Long valueBytes, long elements, String faultCode,
                            String faultString) implements FaultingDetails {

    @Override
    public void fields(FieldSink out) {
        out.put("xmlrpcParams", params).put("xmlrpcBodyBytes", bodyBytes).put("xmlrpcInflatedBytes", inflatedBytes)
                .put("xmlrpcValueBytes", valueBytes).put("xmlElements", elements).put("faultCode", faultCode).put("faultString", faultString);
    }

    /** XML-RPC's faultString. */
    @Override
    public String faultMessage() {
        return faultString;
    }
}
