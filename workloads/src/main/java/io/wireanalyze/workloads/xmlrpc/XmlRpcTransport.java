package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Labelled;
import io.wireanalyze.workloads.Parsed;

/** {@code --xmlrpc-transport}: seed 003's three Apache XML-RPC client transports. */
public enum XmlRpcTransport implements Labelled {
    /** XmlRpcSunHttpTransportFactory: the JDK's HttpURLConnection. */
    DEFAULT("XmlRpcSunHttpTransportFactory (HttpURLConnection)"),
    /** XmlRpcCommonsTransportFactory: Jakarta Commons HttpClient 3.1. */
    HTTPCLIENT("XmlRpcCommonsTransportFactory (Commons HttpClient 3.1)"),
    /** XmlRpcLiteHttpTransportFactory: Apache XML-RPC's own minimal HTTP client. */
    LITE("XmlRpcLiteHttpTransportFactory (its own minimal HTTP client)");

    private final String description;

    XmlRpcTransport(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public static Parsed<XmlRpcTransport> parse(String text) {
        return EnumLabels.parse(XmlRpcTransport.class, "XML-RPC transport", text);
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<XmlRpcTransport> {
        public Choices() {
            super(XmlRpcTransport.class, XmlRpcTransport::parse);
        }
    }
}
