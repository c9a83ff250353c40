package io.wireanalyze.protocol.soap;

import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.codec.Failure;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads a SOAP envelope as {@link XmlWalk} reports it: its version (the Envelope's namespace), the Header and its
 * WS-Security blocks, the Body's content and its first element (the operation, or a Fault, or XML Encryption's
 * EncryptedData), the Fault's code and reason, and the bytes of text inside the Body. Positions are indices into
 * the body's buffer. Nothing is verified or decrypted.
 */
final class EnvelopeReader implements XmlWalk.Visitor {

    /** WS-Security 1.0/1.1 (OASIS 2004): the namespace of the Security header block. */
    static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
    /** XML Encryption 1.0: an encrypted Body holds {@code EncryptedData} in this namespace. */
    static final String XENC = "http://www.w3.org/2001/04/xmlenc#";

    /** Which Fault text is being collected. */
    private enum Collecting { NONE, CODE, REASON }

    private final XmlInput in;
    private final int maxChars;
    SoapVersion version;
    /** The Body's first element in Clark notation, {@code {ns}local}. */
    String operation;
    int headerStart = -1;
    int headerEnd = -1;
    long securityBytes;
    private int securityStart = -1;
    int contentStart = -1;
    int contentEnd = -1;
    long valueBytes;
    boolean encrypted;
    boolean fault;
    String faultCode;
    String faultReason;
    private boolean inHeader;
    private boolean inBody;
    private Collecting collecting = Collecting.NONE;
    private int collectingDepth;
    private final StringBuilder text = new StringBuilder();

    EnvelopeReader(XmlInput in, int maxChars) {
        this.in = in;
        this.maxChars = maxChars;
    }

    @Override
    public Failure start(XMLStreamReader r, int depth, int tagEnd) {
        // The element's name as a QName (an object per element) only where it is reported: the root, the operation.
        if (depth == 1) {
            QName q = r.getName();
            version = SoapVersion.of(q.getNamespaceURI());
            if (version == null || !q.getLocalPart().equals("Envelope"))
                return new Failure(in.tagStart(tagEnd), "soap.envelope", "root element " + q + " (expected: Envelope in "
                        + SoapVersion.SOAP_11.namespace() + " or " + SoapVersion.SOAP_12.namespace() + ")");
        } else if (depth == 2 && version.namespace().equals(r.getNamespaceURI())) {
            String local = r.getLocalName();
            if (local.equals("Header") && contentStart < 0) {
                headerStart = in.tagStart(tagEnd);
                inHeader = true;
            } else if (local.equals("Body") && contentStart < 0) {
                contentStart = tagEnd;
                inBody = true;
            }
        } else if (depth == 3 && inHeader && WSSE.equals(r.getNamespaceURI()) && r.getLocalName().equals("Security")) {
            securityStart = in.tagStart(tagEnd);
        } else if (depth == 3 && inBody && operation == null) {
            QName q = r.getName();
            operation = q.toString();
            fault = q.getLocalPart().equals("Fault") && version.namespace().equals(q.getNamespaceURI());
            encrypted = q.getLocalPart().equals("EncryptedData") && XENC.equals(q.getNamespaceURI());
        } else if (fault && inBody && collecting == Collecting.NONE) {
            collect(r.getLocalName(), r.getNamespaceURI(), depth);
        }
        return null;
    }

    /** SOAP 1.1 Fault/faultcode and Fault/faultstring; SOAP 1.2 Fault/Code/Value and Fault/Reason/Text (the first). */
    private void collect(String local, String namespace, int depth) {
        if (version == SoapVersion.SOAP_11 && depth == 4) {
            if (local.equals("faultcode") && faultCode == null) collecting = Collecting.CODE;
            if (local.equals("faultstring") && faultReason == null) collecting = Collecting.REASON;
        } else if (version == SoapVersion.SOAP_12 && depth == 5 && version.namespace().equals(namespace)) {
            if (local.equals("Value") && faultCode == null) collecting = Collecting.CODE;
            if (local.equals("Text") && faultReason == null) collecting = Collecting.REASON;
        }
        if (collecting != Collecting.NONE) {
            collectingDepth = depth;
            text.setLength(0);
        }
    }

    @Override
    public void end(XMLStreamReader r, int depth, int tagEnd) {
        if (collecting != Collecting.NONE && depth == collectingDepth) {
            String t = text.toString().strip();
            if (collecting == Collecting.CODE) faultCode = t;
            else faultReason = t;
            collecting = Collecting.NONE;
        }
        if (depth == 3 && securityStart >= 0) {
            securityBytes += tagEnd - securityStart;
            securityStart = -1;
        }
        if (depth == 2 && inHeader) {
            headerEnd = tagEnd;
            inHeader = false;
        } else if (depth == 2 && inBody) {
            contentEnd = Math.max(contentStart, in.tagStart(tagEnd));
            inBody = false;
        }
    }

    @Override
    public void text(XMLStreamReader r, int depth) {
        if (collecting != Collecting.NONE) {
            int room = maxChars - text.length();
            if (room > 0) text.append(r.getTextCharacters(), r.getTextStart(), Math.min(room, r.getTextLength()));
        }
        if (inBody && depth >= 3 && !encrypted && !r.isWhiteSpace())
            valueBytes += in.encodedLength(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
    }
}
