package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.Choice;

/** The SOAP version the service is published with; the client learns it from the WSDL. */
@Choice("SOAP version")
public enum SoapBinding {
    /** SOAP 1.1 over HTTP (JAX-WS's default): text/xml, SOAPAction field. */
    SOAP_11("1.1", "http://schemas.xmlsoap.org/wsdl/soap/http"),
    /** SOAP 1.2 over HTTP: application/soap+xml with its action parameter. */
    SOAP_12("1.2", "http://www.w3.org/2003/05/soap/bindings/HTTP/");

    private final String label;
    private final String bindingId;

    SoapBinding(String label, String bindingId) {
        this.label = label;
        this.bindingId = bindingId;
    }

    /** The JAX-WS binding id (jakarta.xml.ws.soap.SOAPBinding's constants). */
    public String bindingId() {
        return bindingId;
    }

    @Override
    public String toString() {
        return label;
    }
}
