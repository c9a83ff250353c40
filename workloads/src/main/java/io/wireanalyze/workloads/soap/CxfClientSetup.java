package io.wireanalyze.workloads.soap;

import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduitConfigurer;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

import java.nio.file.Path;
import java.util.Optional;

/** What the CXF client is told beyond its WSDL: the HTTP it speaks ({@link HttpStyle}) and its WS-Security. */
final class CxfClientSetup {

    private CxfClientSetup() {
    }

    /**
     * Before the WSDL is fetched: with {@link HttpStyle#CLEAN} every HTTP conduit of the default bus (the WSDL fetch's
     * and the calls') speaks HTTP/1.1 only and sends Content-Length bodies.
     */
    static void http(HttpStyle style) {
        if (style != HttpStyle.CLEAN) return;
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setAllowChunking(false);
        policy.setVersion("1.1");
        HTTPConduitConfigurer clean = (name, address, conduit) -> conduit.setClient(policy);
        BusFactory.getDefaultBus().setExtension(clean, HTTPConduitConfigurer.class);
    }

    /** After the proxy is made: WSS4J's interceptors with the run's keys. */
    static void security(BenchSoap port, WsSecurity security, Optional<Path> keys, SoapBinding binding) {
        if (security != WsSecurity.SIGN_ENCRYPT) return;
        Client client = ClientProxy.getClient(port);
        Path dir = keys.orElseThrow(() -> new IllegalArgumentException("-D" + SoapClient.KEYS_PROPERTY
                + ": missing (expected: the key directory of soap-wssec)"));
        WsSecurityConfig config = new WsSecurityConfig(SoapKeys.stored(dir), SoapKeys.Side.CLIENT, binding);
        client.getOutInterceptors().add(config.out());
        client.getInInterceptors().add(config.in());
    }
}
