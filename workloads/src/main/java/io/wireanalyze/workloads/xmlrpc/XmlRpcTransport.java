package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Parsed;

/** {@code --xmlrpc-transport}: seed 003's three Apache XML-RPC client transports. */
public enum XmlRpcTransport {
    /** XmlRpcSunHttpTransportFactory: the JDK's HttpURLConnection. */
    DEFAULT("default", "XmlRpcSunHttpTransportFactory (HttpURLConnection)"),
    /** XmlRpcCommonsTransportFactory: Jakarta Commons HttpClient 3.1. */
    HTTPCLIENT("httpclient", "XmlRpcCommonsTransportFactory (Commons HttpClient 3.1)"),
    /** XmlRpcLiteHttpTransportFactory: Apache XML-RPC's own minimal HTTP client. */
    LITE("lite", "XmlRpcLiteHttpTransportFactory (its own minimal HTTP client)");

    private final String label;
    private final String description;

    XmlRpcTransport(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return label;
    }

    public static Parsed<XmlRpcTransport> parse(String text) {
        for (XmlRpcTransport t : values()) if (t.label.equals(text)) return Parsed.ok(t);
        return Parsed.invalid("XML-RPC transport '" + text + "' (expected: default, httpclient or lite)");
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<XmlRpcTransport> {
        public Choices() {
            super(XmlRpcTransport.class, XmlRpcTransport::parse);
        }
    }
}
