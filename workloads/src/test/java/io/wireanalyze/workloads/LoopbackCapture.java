package io.wireanalyze.workloads;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Test helper: captures loopback traffic to given server ports with the tcpdump command and gives back each TCP
 * connection's two byte streams, so the workload tests can check what the stacks put on the wire. Needs root and
 * tcpdump: {@link #requireAvailable()} skips a test without them, and fails it under CI ({@code CI=true}), where
 * they must be there. Deliberately minimal (classic pcap, the Ethernet link type of Linux {@code lo}, IPv4,
 * in-order segments, retransmissions dropped); the real decoders live in the decoders module.
 */
public final class LoopbackCapture implements AutoCloseable {
    private static final int LINKTYPE_ETHERNET = 1;

    /** The payload of one TCP segment, in capture order (in sequence: retransmissions are left out). */
    public record Segment(int clientPort, int serverPort, boolean toServer, byte[] data) {
    }

    /**
     * One TCP connection to a server port, in order of its SYN.
     *
     * @param clientPort the client's (ephemeral) port
     * @param serverPort the port it connected to
     * @param toServer   every byte the client sent
     * @param toClient   every byte the server sent
     */
    public record Connection(int clientPort, int serverPort, byte[] toServer, byte[] toClient) {
        @Override
        public String toString() {
            return clientPort + "->" + serverPort + " (" + toServer.length + " bytes, " + toClient.length + " back)";
        }
    }

    private final Process tcpdump;
    private final Path file;
    private final List<Integer> ports;

    private LoopbackCapture(Process tcpdump, Path file, List<Integer> ports) {
        this.tcpdump = tcpdump;
        this.file = file;
        this.ports = ports;
    }

    /** Skips the calling test unless it can capture; under CI fails it instead. */
    public static void requireAvailable() {
        String why = unavailable();
        if (why != null && "true".equals(System.getenv("CI"))) fail("CI must run the capture tests: " + why);
        Assumptions.assumeTrue(why == null, why);
    }

    /** Why a capture cannot run here, or null when it can. */
    public static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) return "not root: tcpdump cannot capture (run the tests with sudo)";
        boolean found = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "tcpdump")));
        return found ? null : "no tcpdump on the PATH (apt-get install tcpdump)";
    }

    /** Starts tcpdump on lo for the given server ports and waits until it listens. */
    public static LoopbackCapture start(Path file, int... ports) throws IOException, InterruptedException {
        String filter = Arrays.stream(ports).mapToObj(p -> "port " + p).collect(Collectors.joining(" or ", "tcp and (", ")"));
        Process p = new ProcessBuilder("tcpdump", "-i", "lo", "-n", "-U", "--immediate-mode", "-s", "0", "-w", file.toString(), filter).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        String line = err.readLine();
        while (line != null && !line.contains("listening on")) line = err.readLine();   // warnings come first
        if (line == null) {
            p.destroyForcibly();
            throw new IOException("tcpdump exited with code " + p.waitFor() + " (expected: 'listening on lo ...')");
        }
        Thread drain = new Thread(() -> {
            try {
                while (err.readLine() != null) {
                    // tcpdump's closing statistics are not needed.
                }
            } catch (IOException e) {
                // The process is gone.
            }
        }, "tcpdump stderr");
        drain.setDaemon(true);
        drain.start();
        return new LoopbackCapture(p, file, Arrays.stream(ports).boxed().toList());
    }

    /** Stops tcpdump and returns the data segments to and from the ports, in capture order. */
    public List<Segment> stop() throws IOException, InterruptedException {
        settle();
        tcpdump.destroy();
        if (!tcpdump.waitFor(5, TimeUnit.SECONDS)) tcpdump.destroyForcibly();
        return segments(ByteBuffer.wrap(Files.readAllBytes(file)));
    }

    /**
     * Lets the last packets through (FIN/ACKs, a reply's last bytes): until tcpdump's file has not grown for 300 ms, at
     * most 5 s. A fixed 300 ms was not always enough on a loaded machine: a fresh clone's run-tests once lost the rest
     * of an HTTP/1.0 reply after its status line, in a call the client had completed.
     */
    private void settle() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        long size = -1;
        int still = 0;
        while (still < 3 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            long now = Files.size(file);
            still = now == size ? still + 1 : 0;
            size = now;
        }
    }

    /** The segments' connections, in order of their first segment, each with its two byte streams. */
    public static List<Connection> connections(List<Segment> segments) {
        Map<String, ByteArrayOutputStream[]> streams = new LinkedHashMap<>();
        for (Segment s : segments) {
            ByteArrayOutputStream[] pair = streams.computeIfAbsent(s.clientPort() + ">" + s.serverPort(),
                    k -> new ByteArrayOutputStream[] {new ByteArrayOutputStream(), new ByteArrayOutputStream()});
            pair[s.toServer() ? 0 : 1].writeBytes(s.data());
        }
        List<Connection> out = new ArrayList<>();
        streams.forEach((key, pair) -> {
            String[] p = key.split(">");
            out.add(new Connection(Integer.parseInt(p[0]), Integer.parseInt(p[1]), pair[0].toByteArray(), pair[1].toByteArray()));
        });
        return out;
    }

    @Override
    public void close() {
        tcpdump.destroyForcibly();
    }

    private List<Segment> segments(ByteBuffer pcap) throws IOException {
        ByteOrder order = pcap.order(ByteOrder.LITTLE_ENDIAN).getInt(0) == 0xa1b2c3d4 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        pcap.order(order);
        if (pcap.getInt(20) != LINKTYPE_ETHERNET) throw new IOException("link type " + pcap.getInt(20) + " (expected: 1, Ethernet)");
        Map<String, Flow> flows = new LinkedHashMap<>();
        List<Segment> out = new ArrayList<>();
        for (int at = 24; at + 16 <= pcap.limit(); ) {
            int length = pcap.getInt(at + 8);
            ByteBuffer frame = pcap.slice(at + 16, length).order(ByteOrder.BIG_ENDIAN);
            at += 16 + length;
            if (frame.getShort(12) != 0x0800 || frame.get(14 + 9) != 6) continue;   // IPv4, TCP
            int ip = 14;
            int end = ip + (frame.getShort(ip + 2) & 0xffff);
            int tcp = ip + (frame.get(ip) & 0x0f) * 4;
            int src = frame.getShort(tcp) & 0xffff;
            int dst = frame.getShort(tcp + 2) & 0xffff;
            long seq = Integer.toUnsignedLong(frame.getInt(tcp + 4));
            int payload = tcp + ((frame.get(tcp + 12) >> 4) & 0x0f) * 4;
            boolean toServer = ports.contains(dst);
            int client = toServer ? src : dst, server = toServer ? dst : src;
            Flow flow = flows.computeIfAbsent(src + ">" + dst, k -> new Flow());
            if ((frame.get(tcp + 13) & 0x02) != 0) {               // SYN: data starts at seq + 1
                flow.next = seq + 1;
                continue;
            }
            if (end <= payload || seq != flow.next) continue;       // no data, or a retransmission
            byte[] data = new byte[end - payload];
            frame.get(payload, data);
            flow.next = seq + data.length;
            out.add(new Segment(client, server, toServer, data));
        }
        return out;
    }

    private static final class Flow {
        long next = -1;
    }
}
