package io.wireanalyze.protocol.soap;

import io.wireanalyze.protocol.MessageType;

/** SOAP messages and the service description fetched before them, in the report's words. */
public enum SoapMessageType implements MessageType {
    /** An envelope sent to the service: a call of the operation its Body names. */
    REQUEST("request"),
    /** An envelope answering a request. */
    RESPONSE("response"),
    /** An envelope whose Body holds a Fault (SOAP 1.1 faultcode/faultstring, SOAP 1.2 Code/Reason). */
    FAULT("fault"),
    /** A GET of the service's WSDL ({@code ?wsdl}, {@code ?singleWsdl}). */
    WSDL_REQUEST("wsdl-request"),
    /** The WSDL document answering it. */
    WSDL("wsdl"),
    /** A GET of a schema the WSDL imports ({@code ?xsd=...}). */
    XSD_REQUEST("xsd-request"),
    /** The schema document answering it. */
    XSD("xsd");

    private final String label;

    SoapMessageType(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
