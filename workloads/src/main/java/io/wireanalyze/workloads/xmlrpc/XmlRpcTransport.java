package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.Labelled;

/** {@code --xmlrpc-transport}: seed 003's three Apache XML-RPC client transports. */
@Choice("XML-RPC transport")
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
}
