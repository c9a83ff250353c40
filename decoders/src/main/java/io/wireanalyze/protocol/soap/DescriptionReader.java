package io.wireanalyze.protocol.soap;

import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.codec.Failure;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import java.util.Set;

/**
 * Reads a service description a WSDL or schema fetch returned: its root must be a WSDL 1.1 {@code definitions}, a
 * WSDL 2.0 {@code description} or an XML Schema {@code schema}; the rest is walked for well-formedness and the limits.
 */
final class DescriptionReader implements XmlWalk.Visitor {

    static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    static final String WSDL20 = "http://www.w3.org/ns/wsdl";
    static final String XSD = "http://www.w3.org/2001/XMLSchema";
    private static final Set<QName> ROOTS = Set.of(new QName(WSDL11, "definitions"), new QName(WSDL20, "description"),
            new QName(XSD, "schema"));

    private final XmlInput in;
    String root;
    String targetNamespace;

    DescriptionReader(XmlInput in) {
        this.in = in;
    }

    @Override
    public Failure start(XMLStreamReader r, int depth, int tagEnd) {
        if (depth != 1) return null;
        QName q = r.getName();
        if (!ROOTS.contains(q))
            return new Failure(in.tagStart(tagEnd), "soap.description", "root element " + q + " (expected: {" + WSDL11
                    + "}definitions, {" + WSDL20 + "}description or {" + XSD + "}schema)");
        root = q.toString();
        targetNamespace = r.getAttributeValue(null, "targetNamespace");
        return null;
    }

    @Override
    public void end(XMLStreamReader r, int depth, int tagEnd) {
    }

    @Override
    public void text(XMLStreamReader r, int depth) {
    }
}
