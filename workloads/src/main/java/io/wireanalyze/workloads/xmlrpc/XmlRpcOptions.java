package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.OptionGroup;
import picocli.CommandLine.Option;

/** {@code --xmlrpc-transport}: how the XML-RPC client speaks. */
public final class XmlRpcOptions implements OptionGroup {

    @Option(names = "--xmlrpc-transport", paramLabel = "T",
            description = "Apache XML-RPC client transport: ${COMPLETION-CANDIDATES} (default: default, HttpURLConnection).")
    XmlRpcTransport transport = XmlRpcTransport.DEFAULT;

    public XmlRpcTransport transport() {
        return transport;
    }
}
