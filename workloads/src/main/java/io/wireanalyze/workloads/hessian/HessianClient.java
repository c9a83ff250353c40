package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.service.BenchCalls;
import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.ClientMain;
import com.caucho.burlap.client.BurlapProxyFactory;
import com.caucho.hessian.client.HessianProxyFactory;
import com.caucho.hessian.io.AbstractHessianInput;
import com.caucho.hessian.io.HessianInput;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The Hessian (and Burlap) benchmark client: HessianProxyFactory's (BurlapProxyFactory's, with {@value #PROTOCOL_PROPERTY}
 * {@code burlap}) proxy of {@link Bench} at the server's address, then the
 * plan's calls, each timed. Hessian has no lookup: the proxy is made locally, nothing is sent before the first call.
 * System property {@value #VERSION_PROPERTY}: {@code 1} or {@code 2}. For Hessian 1.0 both of the factory's version
 * flags are off and its Hessian 1.0 reader is put back ({@link Hessian1ProxyFactory}): 4.0.66 would read a 1.0 reply
 * with its 2.0 reader. Writes one line per call to {@code --result}, prints a summary and exits 0; on failure one
 * line on stderr, exit 1.
 */
public final class HessianClient {
    public static final String VERSION_PROPERTY = "wireanalyze.hessian.version";
    public static final String PROTOCOL_PROPERTY = "wireanalyze.caucho.protocol";

    private HessianClient() {
    }

    /** 4.0.66's factory hands out a Hessian2Input for every reply; a Hessian 1.0 reply needs HessianInput. */
    static final class Hessian1ProxyFactory extends HessianProxyFactory {
        @Override
        public AbstractHessianInput getHessianInput(InputStream is) {
            return new HessianInput(is);
        }
    }

    public static void main(String[] args) {
        String kind = System.getProperty(PROTOCOL_PROPERTY, CauchoProtocol.HESSIAN.label()) + " client";
        ClientMain.main(kind, args, HessianClient::callAll);
    }

    private static Optional<String> callAll(ClientOptions options, CallLog log) {
        CauchoProtocol protocol = CauchoProtocol.of(System.getProperty(PROTOCOL_PROPERTY, CauchoProtocol.HESSIAN.label()));
        String url = HessianWorkload.address(options.server().toString(), protocol);
        return ClientMain.steps("proxy for " + url, run -> BenchCalls.calls(run, options.plan(), log, Bench.class, proxy(protocol, url)));
    }

    private static Object proxy(CauchoProtocol protocol, String url) throws IOException {
        if (protocol == CauchoProtocol.BURLAP) return new BurlapProxyFactory().create(Bench.class, url);
        HessianVersion version = EnumLabels.parse(HessianVersion.class, System.getProperty(VERSION_PROPERTY, HessianVersion.V2.toString())).orElseThrow();
        HessianProxyFactory factory = version == HessianVersion.V1 ? new Hessian1ProxyFactory() : new HessianProxyFactory();
        factory.setHessian2Request(version == HessianVersion.V2);
        factory.setHessian2Reply(version == HessianVersion.V2);
        return factory.create(Bench.class, url, HessianClient.class.getClassLoader());
    }
}
