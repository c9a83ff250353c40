package io.wireanalyze.protocol.soap;

/** The two SOAP envelope versions, told apart by the Envelope's namespace. */
public enum SoapVersion {
    /** SOAP 1.1 (W3C Note, 2000): {@code text/xml}, the action in the SOAPAction header field. */
    SOAP_11("1.1", "http://schemas.xmlsoap.org/soap/envelope/"),
    /** SOAP 1.2 (W3C Recommendation, 2003/2007): {@code application/soap+xml}, the action a media type parameter. */
    SOAP_12("1.2", "http://www.w3.org/2003/05/soap-envelope");

    private final String label;
    private final String namespace;

    SoapVersion(String label, String namespace) {
        this.label = label;
        this.namespace = namespace;
    }

    /** {@code 1.1} or {@code 1.2}, as reports print it. */
    public String label() {
        return label;
    }

    /** The envelope namespace. */
    public String namespace() {
        return namespace;
    }

    /** The version whose envelope namespace is {@code ns}, or null. */
    static SoapVersion of(String ns) {
        for (SoapVersion v : values()) if (v.namespace.equals(ns)) return v;
        return null;
    }
}
