package io.wireanalyze.workloads.httpinvoker;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.service.BenchCalls;
import org.springframework.remoting.httpinvoker.HttpInvokerProxyFactoryBean;

import java.util.Optional;

/**
 * The HttpInvoker benchmark client: Spring's HttpInvokerProxyFactoryBean (its SimpleHttpInvokerRequestExecutor, on
 * HttpURLConnection) for the benchmark interface at the server's address, then the plan's calls, each timed. Writes
 * one line per call to {@code --result}, prints a summary and exits 0; on failure one line on stderr, exit 1.
 */
@SuppressWarnings("deprecation")
public final class HttpInvokerClient {
    private static final String KIND = "httpinvoker client";

    private HttpInvokerClient() {
    }

    public static void main(String[] args) {
        ClientMain.main(KIND, args, HttpInvokerClient::callAll);
    }

    private static Optional<String> callAll(ClientOptions options, CallLog log) {
        String url = HttpInvokerWorkload.address(options.server().toString());
        return ClientMain.steps("proxy for " + url, run -> {
            HttpInvokerProxyFactoryBean factory = new HttpInvokerProxyFactoryBean();
            factory.setServiceUrl(url);
            factory.setServiceInterface(Bench.class);
            factory.afterPropertiesSet();
            BenchCalls.calls(run, options.plan(), log, Bench.class, factory.getObject());
        });
    }
}
