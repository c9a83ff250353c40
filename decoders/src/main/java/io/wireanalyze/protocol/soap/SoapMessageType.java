package io.wireanalyze.protocol.soap;

import io.wireanalyze.protocol.MessageType;

/** SOAP messages and the service description fetched before them, in the report's words. */
public enum SoapMessageType implements MessageType {
    /** An envelope sent to the service: a call of the operation its Body names. */
    REQUEST,
    /** An envelope answering a request. */
    RESPONSE,
    /** An envelope whose Body holds a Fault (SOAP 1.1 faultcode/faultstring, SOAP 1.2 Code/Reason). */
    FAULT,
    /** A GET of the service's WSDL ({@code ?wsdl}, {@code ?singleWsdl}). */
    WSDL_REQUEST,
    /** The WSDL document answering it. */
    WSDL,
    /** A GET of a schema the WSDL imports ({@code ?xsd=...}). */
    XSD_REQUEST,
    /** The schema document answering it. */
    XSD;
}
