package io.wireanalyze.workloads;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The command line of every workload client main, built by the runner with {@link #toArgs()} and read
 * back by the client with {@link #parse(String[])}:
 * <pre>--server 127.0.0.1:1099 --name BenchService --invocations 5 --payload ints:100 --warmup 2
 * --client 0 --result /tmp/r.tsv [--hold-ms 3000] [--drop-stub-and-gc]</pre>
 *
 * @param server     where the client looks the service up (for JRMP the RMI registry)
 * @param name       the name the service is bound under
 * @param plan       what to call; {@code plan.clients()} is 1 inside a client process
 * @param client     this client's index, 0-based, written into every record
 * @param resultFile where to write the call records ({@link ResultFile})
 */
public record ClientOptions(HostPort server, String name, Plan plan, int client, Path resultFile) {

    static final String SERVER = "--server";
    static final String NAME = "--name";
    static final String INVOCATIONS = "--invocations";
    static final String PAYLOAD = "--payload";
    static final String WARMUP = "--warmup";
    static final String CLIENT = "--client";
    static final String RESULT = "--result";
    static final String HOLD_MS = "--hold-ms";
    static final String DROP_STUB_AND_GC = "--drop-stub-and-gc";

    public ClientOptions {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(resultFile, "resultFile");
        if (client < 0) throw new IllegalArgumentException("client: " + client + " (expected: >= 0)");
    }

    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(
                SERVER, server.toString(), NAME, name,
                INVOCATIONS, Integer.toString(plan.invocations()), PAYLOAD, plan.payload().spec(),
                WARMUP, Integer.toString(plan.warmup()), CLIENT, Integer.toString(client),
                RESULT, resultFile.toString()));
        if (!plan.hold().isZero()) args.addAll(List.of(HOLD_MS, Long.toString(plan.hold().toMillis())));
        if (plan.release() == StubRelease.DROP_AND_GC) args.add(DROP_STUB_AND_GC);
        return List.copyOf(args);
    }

    public static Parsed<ClientOptions> parse(String[] args) {
        return OptionArgs.parse(args,
                        Set.of(SERVER, NAME, INVOCATIONS, PAYLOAD, WARMUP, CLIENT, RESULT, HOLD_MS),
                        Set.of(DROP_STUB_AND_GC))
                .flatMap(ClientOptions::fromOptions);
    }

    private static Parsed<ClientOptions> fromOptions(OptionArgs o) {
        Parsed<HostPort> server = o.required(SERVER).flatMap(HostPort::parse);
        Parsed<String> name = o.required(NAME);
        Parsed<Integer> invocations = o.intValue(INVOCATIONS, 0, Plan.MAX_INVOCATIONS, 1);
        Parsed<Payload> payload = o.required(PAYLOAD).flatMap(Payload::parse);
        Parsed<Integer> warmup = o.intValue(WARMUP, 0, Plan.MAX_WARMUP, 0);
        Parsed<Integer> client = o.intValue(CLIENT, 0, Plan.MAX_CLIENTS - 1, 0);
        Parsed<String> result = o.required(RESULT);
        Parsed<Integer> hold = o.intValue(HOLD_MS, 0, (int) Plan.MAX_HOLD.toMillis(), 0);
        for (Parsed<?> p : new Parsed<?>[] {server, name, invocations, payload, warmup, client, result, hold})
            if (p.error().isPresent()) return Parsed.invalid(p.error().get());
        StubRelease release = o.has(DROP_STUB_AND_GC) ? StubRelease.DROP_AND_GC : StubRelease.AT_EXIT;
        Plan plan = new Plan(invocations.orElseThrow(), payload.orElseThrow(), warmup.orElseThrow(), 1,
                Duration.ofMillis(hold.orElseThrow()), release);
        return Parsed.ok(new ClientOptions(server.orElseThrow(), name.orElseThrow(), plan, client.orElseThrow(),
                Path.of(result.orElseThrow())));
    }
}
