package io.wireanalyze.workloads.soap;

import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

import java.nio.file.Path;
import java.util.Optional;

/** What the CXF client is told beyond its WSDL: the HTTP it speaks ({@link HttpStyle}) and its WS-Security. */
final class CxfClientSetup {

    private CxfClientSetup() {
    }

    static void apply(BenchSoap port, HttpStyle style, WsSecurity security, Optional<Path> keys, SoapBinding binding) {
        Client client = ClientProxy.getClient(port);
        if (style == HttpStyle.CLEAN) {
            HTTPClientPolicy policy = new HTTPClientPolicy();
            policy.setAllowChunking(false);
            policy.setVersion("1.1");
            ((HTTPConduit) client.getConduit()).setClient(policy);
        }
        if (security == WsSecurity.SIGN_ENCRYPT) {
            Path dir = keys.orElseThrow(() -> new IllegalArgumentException("-D" + SoapClient.KEYS_PROPERTY
                    + ": missing (expected: the key directory of soap-wssec)"));
            WsSecurityConfig config = new WsSecurityConfig(SoapKeys.stored(dir), SoapKeys.Side.CLIENT, binding);
            client.getOutInterceptors().add(config.out());
            client.getInInterceptors().add(config.in());
        }
    }
}
