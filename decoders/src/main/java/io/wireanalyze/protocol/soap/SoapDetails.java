package io.wireanalyze.protocol.soap;

import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Details;

/** What a SOAP message or a service description fetch carries beyond the shared fields. */
public sealed interface SoapDetails extends Details {

    /** Bytes of WS-Security header blocks (0 in an envelope without): what message-level security adds. */
    ByteCount SECURITY = new ByteCount("securityBytes", "WS-Security header bytes", ByteCount.Sum.ABSENT_IS_UNKNOWN);

    /**
     * A SOAP envelope, measured in bytes of the HTTP body (framing is HTTP's, reported beside these).
     *
     * @param version        1.1 or 1.2
     * @param bodyElement    the Body's first element in Clark notation, {@code {ns}local}: the operation of a request
     *                       ({@code {http://bench.wireanalyze.io/}sendInts}), its response element, a Fault or an
     *                       EncryptedData; null for an empty Body
     * @param action         the SOAPAction field (1.1) or the {@code action} parameter of the media type (1.2), unquoted;
     *                       null when absent (replies have none)
     * @param envelopeBytes  the whole body: XML declaration, Envelope, Header, Body
     * @param headerBytes    the Header element, tags included (0 without one)
     * @param wsSecurityBytes the WS-Security {@code Security} header blocks, tags included (0 without any)
     * @param bodyBytes      the Body's content, between its tags: the data of the message
     * @param valueBytes     bytes of the text inside the Body (argument and return values as UTF-8), the rest of
     *                       {@code bodyBytes} being markup; null when the Body is encrypted (its values are not visible)
     * @param elements       elements in the envelope
     * @param encrypted      the Body holds XML Encryption's {@code EncryptedData}, not the operation
     * @param faultCode      a Fault's code (SOAP 1.1 faultcode, SOAP 1.2 Code/Value), or null
     * @param faultReason    a Fault's reason (faultstring, Reason/Text), or null
     */
    record Envelope(SoapVersion version, String bodyElement, String action, long envelopeBytes, long headerBytes, long wsSecurityBytes,
                    long bodyBytes, Long valueBytes, long elements, boolean encrypted, String faultCode,
                    String faultReason) implements SoapDetails {
        @Override
        public void fields(FieldSink out) {
            out.put("soapVersion", version.label()).put("soapBodyElement", bodyElement).put("soapAction", action).put("soapEnvelopeBytes", envelopeBytes)
                    .put("soapHeaderBytes", headerBytes).put("wsSecurityBytes", wsSecurityBytes).put("soapBodyBytes", bodyBytes)
                    .put("soapValueBytes", valueBytes).put("xmlElements", elements)
                    .put("soapBodyEncrypted", encrypted ? Boolean.TRUE : null)
                    .put("faultCode", faultCode).put("faultReason", faultReason);
        }

        @Override
        public String exception() {
            if (faultCode == null && faultReason == null) return null;
            return faultReason == null ? faultCode : faultCode + ": " + faultReason;
        }

        @Override
        public void counts(CountSink out) {
            out.put(ByteCount.VALUES, valueBytes).count(SECURITY, wsSecurityBytes);
        }
    }

    /**
     * A WSDL or schema fetch (the request: {@code root} null) or the document answering it.
     *
     * @param root            the document's root element in Clark notation, {@code {ns}local}; null for the request
     * @param targetNamespace its targetNamespace attribute, or null
     * @param elements        elements in the document (0 for the request)
     */
    record Description(String root, String targetNamespace, long elements) implements SoapDetails {
        @Override
        public void fields(FieldSink out) {
            out.put("xmlRoot", root).put("targetNamespace", targetNamespace).put("xmlElements", elements > 0 ? elements : null);
        }

        @Override
        public java.util.List<String> returned() {
            if (root == null) return java.util.List.of();
            return java.util.List.of(root + (targetNamespace != null ? " of " + targetNamespace : ""), "(" + elements + " elements)");
        }
    }
}
