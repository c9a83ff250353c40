package io.wireanalyze.workloads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Test helper: captures loopback traffic with the tcpdump command and lists the GIOP message headers in it,
 * so the CORBA workload tests can check what the ORBs put on the wire (fragments, GIOP versions). Needs root
 * and tcpdump; {@link #unavailable()} says why not otherwise. Deliberately minimal (classic pcap, Ethernet
 * link type of Linux {@code lo}, IPv4, in-order segments); the real decoders live in the decoders module.
 */
public final class GiopCapture implements AutoCloseable {
    private static final int GIOP_MAGIC = 0x47494F50;   // "GIOP"
    private static final int LINKTYPE_ETHERNET = 1;

    /** One GIOP message header: CORBA 3.0 section 15.4.1, tshark giop.minor_version, giop.type, giop.len. */
    public record Message(int serverPort, boolean toServer, int minor, int type, long size) {
        @Override
        public String toString() {
            return (toServer ? "c2s" : "s2c") + " 1." + minor + " type " + type + " len " + size;
        }
    }

    private final Process tcpdump;
    private final Path file;
    private final List<Integer> ports;

    private GiopCapture(Process tcpdump, Path file, List<Integer> ports) {
        this.tcpdump = tcpdump;
        this.file = file;
        this.ports = ports;
    }

    /** Why a capture cannot run here, if it cannot. */
    public static Optional<String> unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) return Optional.of("not root: tcpdump cannot capture");
        boolean found = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "tcpdump")));
        return found ? Optional.empty() : Optional.of("no tcpdump on the PATH");
    }

    /** Starts tcpdump on lo for the given server ports and waits until it listens. */
    public static GiopCapture start(Path file, int... ports) throws IOException, InterruptedException {
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
        return new GiopCapture(p, file, Arrays.stream(ports).boxed().toList());
    }

    /** Stops tcpdump and returns the GIOP messages of every connection, in order of their first byte. */
    public List<Message> stop() throws IOException, InterruptedException {
        Thread.sleep(200);  // let the last FIN/ACKs through
        tcpdump.destroy();
        if (!tcpdump.waitFor(5, TimeUnit.SECONDS)) tcpdump.destroyForcibly();
        return messages(ByteBuffer.wrap(Files.readAllBytes(file)));
    }

    @Override
    public void close() {
        tcpdump.destroyForcibly();
    }

    private List<Message> messages(ByteBuffer pcap) throws IOException {
        ByteOrder order = pcap.order(ByteOrder.LITTLE_ENDIAN).getInt(0) == 0xa1b2c3d4 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        pcap.order(order);
        if (pcap.getInt(20) != LINKTYPE_ETHERNET) throw new IOException("link type " + pcap.getInt(20) + " (expected: 1, Ethernet)");
        Map<String, Flow> flows = new HashMap<>();
        List<Message> out = new ArrayList<>();
        for (int at = 24; at + 16 <= pcap.limit(); ) {
            int length = pcap.getInt(at + 8);
            ByteBuffer frame = pcap.slice(at + 16, length).order(ByteOrder.BIG_ENDIAN);
            at += 16 + length;
            if (frame.getShort(12) != 0x0800 || frame.get(14 + 9) != 6) continue;   // IPv4, TCP
            int ip = 14;
            int ipLength = frame.getShort(ip + 2) & 0xffff;
            int tcp = ip + (frame.get(ip) & 0x0f) * 4;
            int src = frame.getShort(tcp) & 0xffff;
            int dst = frame.getShort(tcp + 2) & 0xffff;
            long seq = Integer.toUnsignedLong(frame.getInt(tcp + 4));
            int payload = tcp + ((frame.get(tcp + 12) >> 4) & 0x0f) * 4;
            int end = ip + ipLength;
            boolean toServer = ports.contains(dst);
            Flow flow = flows.computeIfAbsent(src + ">" + dst, k -> new Flow(toServer ? dst : src, toServer));
            if ((frame.get(tcp + 13) & 0x02) != 0) {               // SYN: data starts at seq + 1
                flow.next = seq + 1;
                continue;
            }
            if (end <= payload || seq != flow.next) continue;       // no data, or a retransmission
            byte[] data = new byte[end - payload];
            frame.get(payload, data);
            flow.next = seq + data.length;
            flow.append(data, out);
        }
        return out;
    }

    private static final class Flow {
        final int serverPort;
        final boolean toServer;
        long next = -1;
        byte[] buffer = new byte[0];

        Flow(int serverPort, boolean toServer) {
            this.serverPort = serverPort;
            this.toServer = toServer;
        }

        void append(byte[] data, List<Message> out) {
            byte[] b = Arrays.copyOf(buffer, buffer.length + data.length);
            System.arraycopy(data, 0, b, buffer.length, data.length);
            int at = 0;
            while (b.length - at >= 12) {
                ByteBuffer h = ByteBuffer.wrap(b, at, 12).slice();
                if (h.getInt(0) != GIOP_MAGIC) break;
                h.order((h.get(6) & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
                long size = Integer.toUnsignedLong(h.getInt(8));
                if (b.length - at < 12 + size) break;
                out.add(new Message(serverPort, toServer, h.get(5), h.get(7), size));
                at += 12 + (int) size;
            }
            buffer = Arrays.copyOfRange(b, at, b.length);
        }
    }
}
