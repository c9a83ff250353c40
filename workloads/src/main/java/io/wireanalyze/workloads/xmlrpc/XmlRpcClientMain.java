package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.Plan;
import org.apache.xmlrpc.client.XmlRpcClient;
import org.apache.xmlrpc.client.XmlRpcClientConfigImpl;
import org.apache.xmlrpc.client.XmlRpcCommonsTransportFactory;
import org.apache.xmlrpc.client.XmlRpcLiteHttpTransportFactory;
import org.apache.xmlrpc.client.XmlRpcSunHttpTransportFactory;

import java.net.URI;
import java.util.Optional;

/**
 * The XML-RPC benchmark client: Apache XML-RPC 3.1.3's XmlRpcClient with vendor extensions on and the transport of
 * {@value #TRANSPORT_PROPERTY}; then the plan's calls, each timed. No gzip: the library's WebServer reads no gzip
 * request and writes no gzip reply (its servlet would, but it is a javax.servlet one). Writes one line per call to {@code --result}, prints a summary and exits 0; on failure one line
 * on stderr, exit 1.
 */
public final class XmlRpcClientMain {
    public static final String TRANSPORT_PROPERTY = "wireanalyze.xmlrpc.transport";
    private static final String KIND = "xmlrpc client";

    private XmlRpcClientMain() {
    }

    public static void main(String[] args) {
        ClientMain.main(KIND, args, XmlRpcClientMain::callAll);
    }

    private static Optional<String> callAll(ClientOptions options, CallLog log) {
        String url = XmlRpcWorkload.address(options.server().toString());
        return ClientMain.steps("client for " + url, run -> {
            XmlRpcTransport transport = EnumLabels.parse(XmlRpcTransport.class, System.getProperty(TRANSPORT_PROPERTY, XmlRpcTransport.DEFAULT.label())).orElseThrow();
            XmlRpcClientConfigImpl config = new XmlRpcClientConfigImpl();
            config.setServerURL(URI.create(url).toURL());
            config.setEnabledForExtensions(true);
            XmlRpcClient client = new XmlRpcClient();
            client.setConfig(config);
            client.setTransportFactory(switch (transport) {
                case DEFAULT -> new XmlRpcSunHttpTransportFactory(client);
                case HTTPCLIENT -> new XmlRpcCommonsTransportFactory(client);
                case LITE -> new XmlRpcLiteHttpTransportFactory(client);
            });
            Plan plan = options.plan();
            run.calls(plan, log, plan.payload().method().javaName(), XmlRpcCalls.prepare(client, plan.payload()), XmlRpcCalls.marker(client));
        });
    }
}
