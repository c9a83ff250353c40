package io.wireanalyze.workloads.httpinvoker;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.service.BenchCalls;
import org.springframework.remoting.httpinvoker.HttpInvokerProxyFactoryBean;

import java.io.PrintStream;
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
        QuietLogging.apply();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return ClientMain.run(KIND, args, out, err, HttpInvokerClient::callAll);
    }

    private static Optional<String> callAll(ClientOptions options, CallLog log) {
        Plan plan = options.plan();
        String url = HttpInvokerWorkload.address(options.server().toString());
        PlanRun run = new PlanRun("proxy for " + url);
        try {
            HttpInvokerProxyFactoryBean factory = new HttpInvokerProxyFactoryBean();
            factory.setServiceUrl(url);
            factory.setServiceInterface(Bench.class);
            factory.afterPropertiesSet();
            Bench proxy = (Bench) factory.getObject();
            run.calls(plan, log, plan.payload().method().javaName(), BenchCalls.<RuntimeException>prepare(Bench.class, proxy, plan.payload()),
                    BenchCalls.<RuntimeException>marker(Bench.class, proxy));
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(run.step() + ": " + e.toString().replaceAll("\\s+", " "));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(run.step() + ": interrupted");
        }
    }
}
