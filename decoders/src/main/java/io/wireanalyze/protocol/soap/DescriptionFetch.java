package io.wireanalyze.protocol.soap;

import io.wireanalyze.protocol.RequestHead;

import java.util.Locale;

/**
 * A GET of a service description, known by its target alone (it has no body): {@code ?wsdl} and {@code ?singleWsdl}
 * (CXF, Metro, .NET), {@code ?xsd=...} (a schema the WSDL imports), or a path ending in {@code .wsdl} or {@code .xsd}.
 * Its response is then checked by content ({@link DescriptionReader}).
 */
enum DescriptionFetch {
    WSDL(SoapMessageType.WSDL_REQUEST, SoapMessageType.WSDL),
    XSD(SoapMessageType.XSD_REQUEST, SoapMessageType.XSD);

    private final SoapMessageType request;
    private final SoapMessageType response;

    DescriptionFetch(SoapMessageType request, SoapMessageType response) {
        this.request = request;
        this.response = response;
    }

    SoapMessageType request() {
        return request;
    }

    SoapMessageType response() {
        return response;
    }

    /** The fetch a request is, or null. */
    static DescriptionFetch of(RequestHead head) {
        if (!"GET".equals(head.method()) || head.target() == null) return null;
        for (String parameter : head.query().split("&")) {
            int eq = parameter.indexOf('=');
            String name = (eq < 0 ? parameter : parameter.substring(0, eq)).toLowerCase(Locale.ROOT);
            if (name.equals("wsdl") || name.equals("singlewsdl")) return WSDL;
            if (name.equals("xsd")) return XSD;
        }
        String target = head.target();
        int q = target.indexOf('?');
        String path = (q < 0 ? target : target.substring(0, q)).toLowerCase(Locale.ROOT);
        if (path.endsWith(".wsdl")) return WSDL;
        if (path.endsWith(".xsd")) return XSD;
        return null;
    }

    /** The fetch a message of this package (a request it returned) asked for, or null. */
    static DescriptionFetch asked(io.wireanalyze.protocol.MessageType type) {
        for (DescriptionFetch f : values()) if (f.request == type) return f;
        return null;
    }
}
