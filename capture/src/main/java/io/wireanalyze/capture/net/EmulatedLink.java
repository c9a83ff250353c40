package io.wireanalyze.capture.net;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An emulated LAN for one run: a network namespace for the servers, joined to the root namespace (the clients')
 * by a veth pair with addresses from 198.18.0.0/15, both ends with the link's MTU, segmentation offload off (so
 * every captured segment is a wire-sized packet) and its rate (tbf) or delay and loss (netem) on each end's egress.
 * libpcap captures on the root end, {@link #captureInterface()}, where it sees both directions.
 *
 * <pre>
 * try (EmulatedLink link = EmulatedLink.open(NetworkSpec.of(Network.LAN100))) {
 *     ... servers launched with link.serverCommand() (ip netns exec ns), listening on link.serverAddress()
 * }   // namespace and veth pair removed; a shutdown hook removes them on Ctrl-C too
 * </pre>
 */
public final class EmulatedLink implements AutoCloseable {
    /** Names are {@code wa-<pid>-<n>} (namespace) and {@code wa<pid>-<n>h}, {@code ...n} (veth ends, at most 15 chars). */
    private static final Pattern OURS = Pattern.compile("wa-(\\d+)-(\\d+)");
    private static final AtomicInteger SERIAL = new AtomicInteger();

    private final NetworkSpec spec;
    private final String namespace;
    private final String hostEnd;
    private final String serverEnd;
    private final Subnet subnet;
    private final Thread hook;
    private boolean closed;

    private EmulatedLink(NetworkSpec spec, String namespace, String hostEnd, String serverEnd, Subnet subnet) {
        this.spec = spec;
        this.namespace = namespace;
        this.hostEnd = hostEnd;
        this.serverEnd = serverEnd;
        this.subnet = subnet;
        this.hook = new Thread(this::remove, "wireanalyze-network-" + namespace);
    }

    /**
     * Checks root and iproute2, removes what a killed run of this tool left behind, then builds the link.
     *
     * @throws NetworkException with one line: not root, iproute2 missing, netem missing for a delay or loss, or the
     *                          command that failed; whatever was made before the failure is removed again
     */
    public static EmulatedLink open(NetworkSpec spec) throws NetworkException {
        if (!spec.emulated()) throw new IllegalArgumentException("network " + spec.network() + ": not emulated (expected: lan100, lan1g or custom)");
        if (!Privileges.mayAdministerNetworks())
            throw new NetworkException("--network " + spec.network() + " needs root (CAP_NET_ADMIN) to create a network namespace and a veth pair: run with sudo");
        var missing = Commands.missing();
        if (missing.isPresent()) throw new NetworkException(missing.get());
        removeLeftovers();
        long pid = ProcessHandle.current().pid();
        int n = SERIAL.getAndIncrement();
        String ns = "wa-" + pid + "-" + n;
        Subnet subnet = Subnet.free((int) ((pid * 31 + n) % Subnet.COUNT), Commands.require(List.of("ip", "-4", "-o", "addr", "show")).out())
                .orElseThrow(() -> new NetworkException("no free /30 left in 198.18.0.0/15 (expected: one not on any interface)"));
        EmulatedLink link = new EmulatedLink(spec, ns, "wa" + pid + "-" + n + "h", "wa" + pid + "-" + n + "n", subnet);
        Runtime.getRuntime().addShutdownHook(link.hook);
        try {
            link.build();
            return link;
        } catch (NetworkException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    private void build() throws NetworkException {
        LinkSpec l = spec.link();
        String mtu = Integer.toString(l.mtu());
        Commands.require(List.of("ip", "netns", "add", namespace));
        Commands.require(List.of("ip", "link", "add", hostEnd, "type", "veth", "peer", "name", serverEnd, "netns", namespace));
        // gso_max_segs 1: TCP hands the device one MSS at a time, so libpcap sees packets as a real NIC sends them.
        List<String> offloadOff = List.of("mtu", mtu, "gso_max_size", mtu, "gso_max_segs", "1");
        Commands.require(concat(List.of("ip", "link", "set", "dev", hostEnd), offloadOff));
        Commands.require(List.of("ip", "addr", "add", subnet.clientAddress() + "/30", "dev", hostEnd));
        Commands.require(concat(List.of("ip", "-n", namespace, "link", "set", "dev", serverEnd), offloadOff));
        Commands.require(List.of("ip", "-n", namespace, "addr", "add", subnet.serverAddress() + "/30", "dev", serverEnd));
        Commands.require(List.of("ip", "-n", namespace, "link", "set", "dev", "lo", "up"));
        shape(List.of("tc"), hostEnd);
        shape(List.of("tc", "-n", namespace), serverEnd);
        Commands.require(List.of("ip", "link", "set", "dev", hostEnd, "up"));
        Commands.require(List.of("ip", "-n", namespace, "link", "set", "dev", serverEnd, "up"));
    }

    /** The egress qdisc of one end: netem (delay, loss, rate) when asked for a delay or loss, else tbf for the rate. */
    private void shape(List<String> tc, String dev) throws NetworkException {
        LinkSpec l = spec.link();
        List<String> root = concat(tc, List.of("qdisc", "add", "dev", dev, "root"));
        if (l.needsNetem()) {
            List<String> netem = new ArrayList<>(concat(root, List.of("netem")));
            if (!l.delay().isZero()) netem.addAll(List.of("delay", l.delay().toNanos() / 1000 + "us"));
            if (l.lossPercent() > 0) netem.addAll(List.of("loss", String.format(Locale.ROOT, "%.4f%%", l.lossPercent())));
            if (l.rateBitsPerSecond() > 0) netem.addAll(List.of("rate", l.rateBitsPerSecond() + "bit"));
            Commands.Result r = Commands.run(netem);
            if (r.ok()) return;
            if (r.said().contains("qdisc kind is unknown"))
                throw new NetworkException(netemMissing(r.said()));
            throw new NetworkException("`" + String.join(" ", netem) + "`: exit " + r.exit() + ": " + r.said() + " (expected: exit 0)");
        }
        if (l.rateBitsPerSecond() == 0) return;
        // A burst of two frames: the link paces packets at its rate instead of letting tens of KB through at once.
        int frame = l.mtu() + 14;
        Commands.require(concat(root, List.of("tbf", "rate", l.rateBitsPerSecond() + "bit", "burst", Integer.toString(2 * frame),
                "latency", "100ms")));
    }

    static String netemMissing(String tcSaid) {
        return "--delay and --loss need the netem qdisc, which this kernel does not have (tc: " + tcSaid + ") "
                + "(expected: a kernel with sch_netem, CONFIG_NET_SCH_NETEM); --rate and --mtu alone need only tbf";
    }

    /** The root namespace's end of the veth pair: capture here. */
    public String captureInterface() {
        return hostEnd;
    }

    public String namespace() {
        return namespace;
    }

    public String serverAddress() {
        return subnet.serverAddress();
    }

    public String clientAddress() {
        return subnet.clientAddress();
    }

    /** What puts a server JVM into the namespace: {@code ip netns exec <namespace>}, absolute path. */
    public List<String> serverCommand() {
        String ip = Commands.find("ip").map(Object::toString).orElse("ip");
        return List.of(ip, "netns", "exec", namespace);
    }

    public NetworkSpec spec() {
        return spec;
    }

    /** {@code veth wa123-0h (198.18.0.1) to namespace wa-123-0 (198.18.0.2)}. */
    public String describe() {
        return "veth " + hostEnd + " (" + clientAddress() + ") to namespace " + namespace + " (" + serverAddress() + ")";
    }

    /** Removes the veth pair and the namespace. Idempotent; never throws (a shutdown hook may call it too). */
    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it removes the same things
        }
    }

    private synchronized void remove() {
        if (closed) return;
        closed = true;
        quietly(List.of("ip", "link", "del", "dev", hostEnd));   // deleting one end deletes the pair
        quietly(List.of("ip", "netns", "del", namespace));
    }

    /** True while the namespace or the root end of the pair exists. */
    public boolean exists() throws NetworkException {
        return Commands.run(List.of("ip", "link", "show", "dev", hostEnd)).ok()
                || List.of(Commands.require(List.of("ip", "netns", "list")).out().split("\\R")).stream()
                .anyMatch(l -> l.split(" ")[0].equals(namespace));
    }

    /** Namespaces and pairs named by this tool for a process that is gone (killed before it could remove them). */
    private static void removeLeftovers() throws NetworkException {
        for (String line : Commands.require(List.of("ip", "netns", "list")).out().split("\\R")) {
            Matcher m = OURS.matcher(line.split(" ")[0]);
            if (!m.matches() || ProcessHandle.of(Long.parseLong(m.group(1))).isPresent()) continue;
            quietly(List.of("ip", "link", "del", "dev", "wa" + m.group(1) + "-" + m.group(2) + "h"));
            quietly(List.of("ip", "netns", "del", m.group()));
        }
    }

    private static void quietly(List<String> command) {
        try {
            Commands.run(command);
        } catch (NetworkException e) {
            // removing what may already be gone: nothing to report
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
