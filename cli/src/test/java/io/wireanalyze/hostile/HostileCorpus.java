package io.wireanalyze.hostile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * Makes fixtures/hostile/ from the real captures in fixtures/jrmp and fixtures/giop: each capture damaged one
 * way (cut short, reordered, duplicated, bits flipped, cut by a snaplen, a segment lost, joined mid-connection),
 * with what the analysis must still find. Deterministic: random choices come from fixed seeds, so the same
 * fixtures always give the same bytes. Run by {@link HostileCorpusTest}; written only with
 * {@code -Dhostile.regenerate=true}.
 */
final class HostileCorpus {

    /** A damaged capture and what is expected of it. */
    record Variant(Expected expected, byte[] bytes) {
        String name() {
            return expected.file();
        }
    }

    static final String LOOKUP = "jrmp/lookup-then-invoke.pcap";
    static final String IIOP = "giop/iiop-resolve-then-invoke.pcap";
    static final String RMI_IIOP = "giop/rmi-iiop-fragments.pcap";

    static final String LOST_SEGMENT_BUG = "a segment that was never captured holds back every later byte of its "
            + "direction until the FIN (StreamReassembler gives a hole up only at FIN, at the end of the capture or past "
            + "16 MiB waiting, not when the peer acknowledges past it), so the requests after the hole are decoded after "
            + "their replies and Invocations cannot pair them: they are reported without a reply";
    static final String GAP_AFTER_WHOLE_MESSAGE_BUG = "StreamDriver.gap discards the buffered bytes as an incomplete "
            + "message without first letting the decoder finish what is buffered, so a JRMP Call whose end was not yet "
            + "confirmed (by a reply or a following byte) is lost when a gap follows it, although all of it was captured";
    static final String LONE_PING_BUG = "Analyzer.finish runs pinByKnownServers before ConnectionDecoder.finish, and "
            + "JrmpProbe answers MAYBE for a lone Ping only once the connection has ended; a lone Ping on a connection "
            + "still open at the end of the capture is therefore never pinned to its known JRMP server and stays unknown";

    private final Path fixtures;

    HostileCorpus(Path fixtures) {
        this.fixtures = fixtures;
    }

    private Pcap read(String relative) throws IOException {
        return Pcap.read(fixtures.resolve(relative));
    }

    List<Variant> variants() throws IOException {
        List<Variant> out = new ArrayList<>();
        out.add(jrmpTruncatedMidRecord());
        out.add(jrmpTruncatedMidHeader());
        out.add(jrmpRetransmissions());
        out.add(jrmpDuplicated());
        out.add(jrmpLostCall());
        out.add(jrmpSnaplen());
        out.add(jrmpBitflipPayload());
        out.add(jrmpBitflipHeaders());
        out.add(jrmpStartsMidConnection());
        out.add(giopStartsMidConnection());
        out.add(giopBitflipPayload());
        out.add(giopTruncatedMidHeader());
        out.add(rmiIiopReordered());
        out.add(rmiIiopLostFragment());
        return out;
    }

    // --- jrmp/lookup-then-invoke.pcap: 53 frames; registry lookup (9, 11), DGC dirty (21, 23); Calls at 30..44 even
    //     (2 warm-up sendInts, the marker at 34, 5 measured sendInts), their ReturnData at 31..45 odd.

    private Expected.Builder lookupFound(Expected.Builder b) {
        return b.find("the registry lookup of BenchService is still decoded", 1, "type", "call", "method", "lookup", "name", "BenchService")
                .find("and its ReturnData", 1, "type", "return", "method", "lookup");
    }

    private Variant jrmpTruncatedMidRecord() throws IOException {
        Pcap p = read(LOOKUP);
        byte[] whole = p.bytes();
        int cut = p.recordOffset(38) + Pcap.RECORD_HEADER + 2000;
        Expected e = lookupFound(Expected.of("jrmp-truncated-mid-record.pcap", LOOKUP,
                        "The file cut " + cut + " bytes in, 2000 bytes into the data of frame 38 (the second measured "
                                + "sendInts Call, 4131 bytes): frames 1-37 are whole, frame 38's record header promises more than is left."))
                .damagedFile().tcpPackets(37).connections(2)
                .find("the DGC dirty call is still decoded", 1, "type", "call", "method", "dirty")
                .invocations("the 4 invocations before the cut (2 warm-up, the marker, 1 measured) are decoded and answered", 4, 4, 1)
                .build();
        return new Variant(e, Arrays.copyOf(whole, cut));
    }

    private Variant jrmpTruncatedMidHeader() throws IOException {
        Pcap p = read(LOOKUP);
        int cut = p.recordOffset(21) + 7;
        Expected e = lookupFound(Expected.of("jrmp-truncated-mid-header.pcap", LOOKUP,
                        "The file cut " + cut + " bytes in, 7 bytes into the 16-byte record header of frame 21 (the DGC dirty Call): frames 1-20 are whole."))
                .damagedFile().tcpPackets(20).connections(2)
                .find("the DGC dirty call, in the lost frame 21, is not", 0, "type", "call", "method", "dirty")
                .invocations("no invocation was captured", 0, 0, 0)
                .build();
        return new Variant(e, Arrays.copyOf(p.bytes(), cut));
    }

    private Variant jrmpRetransmissions() throws IOException {
        Pcap p = read(LOOKUP).copy();
        Random random = new Random(4);
        List<Integer> candidates = new ArrayList<>();
        for (int n = 1; n <= 45; n++) if (p.frame(n).payloadLength() > 0) candidates.add(n);
        TreeSet<Integer> chosen = new TreeSet<>();
        while (chosen.size() < 4) chosen.add(candidates.get(random.nextInt(candidates.size())));
        List<String> said = new ArrayList<>();
        List<int[]> inserts = new ArrayList<>();   // {frame, after}
        for (int n : chosen) {
            int after = n + 1 + random.nextInt(3);
            inserts.add(new int[]{n, after});
            said.add("frame " + n + " again after frame " + after);
        }
        // Insert from the last position back, so earlier positions keep their numbers.
        inserts.sort((a, b) -> Integer.compare(b[1], a[1]));
        List<Pcap.Record> rs = p.records;
        int identification = 0x7000;
        for (int[] ins : inserts) {
            Pcap.Record copy = read(LOOKUP).frame(ins[0]).copy();
            Pcap.Record before = rs.get(ins[1] - 1);
            copy.seconds = before.seconds;
            copy.fraction = before.fraction;
            copy.resend(identification++);
            rs.add(ins[1], copy);
        }
        Expected e = lookupFound(Expected.of("jrmp-retransmissions.pcap", LOOKUP,
                        "Four data segments chosen with seed 4 sent again, each with a new IPv4 identification as a "
                                + "stack's retransmission has (each copy timestamped as the frame before it): "
                                + String.join(", ", said) + "."))
                .tcpPackets(57).connections(2).gapBytes(0).retransmissions(4)
                .find("every sendInts Call is decoded once", 7, "type", "call", "method", "sendInts")
                .find("the marker is decoded once", 1, "type", "call", "method", "wireanalyzeMark")
                .invocations("all 8 invocations are decoded and answered, 5 measured", 8, 8, 5)
                .build();
        return new Variant(e, p.bytes());
    }

    /** A tap or a mirror port: every 9th frame twice, the copy byte for byte, 1 microsecond later. */
    private Variant jrmpDuplicated() throws IOException {
        Pcap p = read(LOOKUP).copy();
        List<Pcap.Record> rs = p.records;
        int copies = 0;
        for (int i = rs.size() - 1; i >= 0; i--) {
            if ((i + 1) % 9 != 0) continue;
            Pcap.Record copy = rs.get(i).copy();
            copy.fraction += p.nanosecond() ? 1000 : 1;
            rs.add(i + 1, copy);
            copies++;
        }
        Expected e = lookupFound(Expected.of("jrmp-duplicated.pcap", LOOKUP,
                        "Every 9th frame captured twice (" + copies + " copies, byte for byte, 1 us after the original), "
                                + "as a two-port tap or a mirror port delivers them."))
                .tcpPackets(53).connections(2).gapBytes(0).retransmissions(0)
                .find("every sendInts Call is decoded once", 7, "type", "call", "method", "sendInts")
                .find("the marker is decoded once", 1, "type", "call", "method", "wireanalyzeMark")
                .invocations("all 8 invocations are decoded and answered, 5 measured: the copies count once", 8, 8, 5)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant jrmpLostCall() throws IOException {
        Pcap p = read(LOOKUP).copy();
        p.records.remove(32 - 1);
        Expected e = lookupFound(Expected.of("jrmp-lost-call.pcap", LOOKUP,
                        "Frame 32 (the second warm-up sendInts Call, 4065 bytes of payload) dropped: a segment the server "
                                + "received but the capture lost, a 4065-byte gap in the client's stream."))
                .tcpPackets(52).connections(2).gapBytes(4065)
                .find("the sendInts Calls after the gap are still decoded", 6, "type", "call", "method", "sendInts")
                .find("and the marker after it", 1, "type", "call", "method", "wireanalyzeMark")
                .invocations("the 7 invocations left are decoded and answered, 5 measured", 7, 7, 5)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant jrmpSnaplen() throws IOException {
        Pcap p = read(LOOKUP).copy();
        p.snaplen(1024);
        // Each sendInts Call: 4065 payload bytes, 1024 - 66 of them captured.
        long gap = 7L * (4065 - (1024 - 66));
        Expected e = lookupFound(Expected.of("jrmp-snaplen-1024.pcap", LOOKUP,
                        "Every record cut to 1024 bytes, as a snaplen of 1024 would have captured it (incl_len 1024, "
                                + "orig_len kept, the file header's snaplen 1024): the 7 sendInts Calls (4131-byte frames) lose "
                                + "their last 3107 bytes; every other frame is shorter than 1024 and whole."))
                .tcpPackets(53).connections(2).gapBytes(gap)
                .find("the DGC dirty call (517-byte frame) is decoded", 1, "type", "call", "method", "dirty")
                .find("the marker Call is decoded", 1, "type", "call", "method", "wireanalyzeMark")
                .find("no sendInts Call can be decoded", 0, "type", "call", "method", "sendInts")
                .find("every ReturnData is decoded: lookup, dirty and the 8 calls'", 10, "type", "return")
                .invocations("only the marker is a whole invocation (not a measured one)", 1, 1, 0)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant jrmpBitflipPayload() throws IOException {
        Pcap p = read(LOOKUP).copy();
        Random random = new Random(6);
        List<String> said = new ArrayList<>();
        // The opcode of a measured Call (0x50) and of the last ReturnData (0x51): those messages cannot be decoded.
        for (int n : new int[]{40, 45}) {
            Pcap.Record r = p.frame(n);
            int bit = random.nextInt(8);
            r.flip(r.payloadStart(), bit);
            said.add("frame " + n + " payload byte 0 (its opcode) bit " + bit + String.format(" (now 0x%02x)", r.data[r.payloadStart()] & 0xff));
        }
        // A byte inside the int[] of another Call: its values change, its framing does not.
        Pcap.Record r = p.frame(36);
        int at = 100 + random.nextInt(3900), bit = random.nextInt(8);
        r.flip(r.payloadStart() + at, bit);
        said.add("frame 36 payload byte " + at + " (inside the int[1000]) bit " + bit);
        Expected e = lookupFound(Expected.of("jrmp-bitflip-payload.pcap", LOOKUP,
                        "Bits flipped with seed 6: " + String.join("; ", said) + "."))
                .tcpPackets(53).connections(2).gapBytes(0)
                .find("the other 6 sendInts Calls are decoded, the one with the flipped data bit too", 6, "type", "call", "method", "sendInts")
                .find("the marker is decoded", 1, "type", "call", "method", "wireanalyzeMark")
                .invocations("7 invocations decoded (the damaged Call lost); all answered but the last, whose ReturnData was damaged; "
                        + "4 measured", 7, 6, 4)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant jrmpBitflipHeaders() throws IOException {
        Pcap p = read(LOOKUP).copy();
        Random random = new Random(7);
        List<String> said = new ArrayList<>();
        Pcap.Record ping = p.frame(24);
        int bit = random.nextInt(16);
        int port = ping.srcPort();
        ping.flip(ping.tcpStart() + Pcap.TCP_SRC_PORT + (bit < 8 ? 1 : 0), bit % 8);
        said.add("frame 24 (the registry client's Ping) tcp.srcport bit " + bit + " (" + port + " -> " + ping.srcPort()
                + "): a connection of its own, and a 1-byte hole in the registry client's stream");
        int[][] harmless = {{30, Pcap.IP_TTL, 8, 0}, {36, Pcap.IP_CHECKSUM, 16, 0}, {42, Pcap.TCP_WINDOW, 16, 1}};
        String[] names = {"ip.ttl", "ip.checksum", "tcp.window"};
        for (int i = 0; i < harmless.length; i++) {
            Pcap.Record r = p.frame(harmless[i][0]);
            int b = random.nextInt(harmless[i][2]);
            int base = harmless[i][3] == 0 ? r.ipStart() : r.tcpStart();
            r.flip(base + harmless[i][1] + (harmless[i][2] == 16 && b < 8 ? 1 : 0), b % 8);
            said.add("frame " + harmless[i][0] + " " + names[i] + " bit " + b + " (no effect: the analyzer ignores the field and verifies no checksum)");
        }
        Pcap.Record call = p.frame(40);
        call.flip(call.ipStart() + Pcap.IP_TOTAL_LENGTH, 0);   // bit 8 of ip.len: 4117 -> 4373
        said.add("frame 40 (a measured sendInts Call) ip.len bit 8 (4117 -> 4373): 256 bytes more on the wire than "
                + "captured, read as cut by the snaplen, so a 256-byte gap that the next Call's first bytes fall into");
        Expected e = lookupFound(Expected.of("jrmp-bitflip-headers.pcap", LOOKUP,
                        "Header bits flipped with seed 7: " + String.join("; ", said) + "."))
                .tcpPackets(53).connections(3).gapBytes(256 + 1)
                .find("the moved Ping is still a JRMP Ping (its server is known to speak JRMP), and the object connection's too", 2, "type", "ping")
                .find("the registry's DgcAck right after the 1-byte hole is not: after a gap JRMP resynchronises only at a "
                        + "Call or a ReturnData, and it is unparsed", 0, "type", "dgc-ack")
                .find("the sendInts Calls but the one whose start fell into the gap (frame 42) are decoded", 6, "type", "call", "method", "sendInts")
                .invocations("7 invocations decoded and answered (the Call of frame 42 lost), 4 measured", 7, 7, 4)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant jrmpStartsMidConnection() throws IOException {
        Pcap p = read(LOOKUP).copy();
        p.records.subList(0, 27).clear();
        Expected e = Expected.of("jrmp-starts-mid-connection.pcap", LOOKUP,
                        "Frames 1-27 dropped: the capture starts at frame 28, the client's Ping on the pooled object "
                                + "connection, answered by a PingAck; the registry connection is seen only at its end (an ACK, FIN, FIN, ACK).")
                .tcpPackets(26).connections(2).gapBytes(0)
                .find("the registry lookup was not captured", 0, "type", "call", "method", "lookup")
                .find("the Ping is recognised", 1, "type", "ping")
                .find("every sendInts Call is decoded", 7, "type", "call", "method", "sendInts")
                .find("and the marker", 1, "type", "call", "method", "wireanalyzeMark")
                .invocations("all 8 invocations are decoded and answered, 5 measured", 8, 8, 5)
                .build();
        return new Variant(e, p.bytes());
    }

    // --- giop/iiop-resolve-then-invoke.pcap: 39 frames; naming on 1050 (_is_a 4/6, resolve_str 8/9), Requests on 1051
    //     at 13, 17, 19 (marker), 21..29 odd, Replies at 15, 18, 20, 22..30 even.

    private Variant giopStartsMidConnection() throws IOException {
        Pcap p = read(IIOP).copy();
        p.records.subList(0, 16).clear();
        Expected e = Expected.of("giop-starts-mid-connection.pcap", IIOP,
                        "Frames 1-16 dropped: the capture starts at frame 17, the second warm-up sendInts Request; the "
                                + "naming connection is seen only at its end.")
                .tcpPackets(23).gapBytes(0)
                .find("the naming lookup was not captured", 0, "type", "request", "method", "resolve_str")
                .find("every sendInts Request from the capture's start is decoded", 6, "type", "request", "method", "sendInts")
                .find("and the marker", 1, "type", "request", "method", "wireanalyzeMark")
                .invocations("7 invocations decoded and answered, 5 measured", 7, 7, 5)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant giopBitflipPayload() throws IOException {
        Pcap p = read(IIOP).copy();
        Random random = new Random(10);
        Pcap.Record request = p.frame(23);
        int at = random.nextInt(4), bit = random.nextInt(8);
        request.flip(request.payloadStart() + at, bit);
        Pcap.Record other = p.frame(25);
        int at2 = 200 + random.nextInt(3800), bit2 = random.nextInt(8);
        other.flip(other.payloadStart() + at2, bit2);
        Expected e = Expected.of("giop-bitflip-payload.pcap", IIOP,
                        "Bits flipped with seed 10: frame 23 (a measured sendInts Request) payload byte " + at + " bit " + bit
                                + " (inside the \"GIOP\" magic); frame 25 payload byte " + at2 + " bit " + bit2 + " (inside the sequence<long>).")
                .tcpPackets(39).gapBytes(0)
                .find("the naming lookup is decoded", 1, "type", "request", "method", "resolve_str", "name", "BenchService")
                .find("the other 6 sendInts Requests are decoded, the one with the flipped data bit too", 6, "type", "request", "method", "sendInts")
                .find("every Reply is decoded", 10, "type", "reply")
                .invocations("7 invocations decoded and answered (the damaged Request lost), 4 measured", 7, 7, 4)
                .build();
        return new Variant(e, p.bytes());
    }

    private Variant giopTruncatedMidHeader() throws IOException {
        Pcap p = read(IIOP);
        int cut = p.recordOffset(21) + 9;
        Expected e = Expected.of("giop-truncated-mid-header.pcap", IIOP,
                        "The file cut " + cut + " bytes in, 9 bytes into the record header of frame 21 (the first measured sendInts Request): frames 1-20 are whole.")
                .damagedFile().tcpPackets(20).connections(2)
                .find("the naming lookup is decoded", 1, "type", "request", "method", "resolve_str", "name", "BenchService")
                .invocations("the 2 warm-up calls and the marker are decoded and answered; none measured", 3, 3, 0)
                .build();
        return new Variant(e, Arrays.copyOf(p.bytes(), cut));
    }

    // --- giop/rmi-iiop-fragments.pcap: 49 frames; each sendInts a Request (4096 bytes) and two Fragments, the
    //     Request and the first Fragment in adjacent frames (18-19, 26-27, 31-32, 36-37).

    private Variant rmiIiopReordered() throws IOException {
        Pcap p = read(RMI_IIOP).copy();
        Random random = new Random(12);
        List<String> said = new ArrayList<>();
        List<Pcap.Record> rs = p.records;
        // First every pair of adjacent data segments of the same direction (a Request and its first Fragment), then,
        // by the seed, some other adjacent pairs of untouched frames where one is a bare ACK. Timestamps stay in place.
        boolean[] moved = new boolean[rs.size() + 2];
        for (int pass = 0; pass < 2; pass++) {
            for (int n = 17; n < 41; n++) {
                Pcap.Record a = rs.get(n - 1), b = rs.get(n);
                if (moved[n] || moved[n + 1]) continue;
                boolean sameWayData = a.srcPort() == b.srcPort() && a.payloadLength() > 0 && b.payloadLength() > 0;
                boolean oneBare = a.payloadLength() == 0 || b.payloadLength() == 0;
                if (pass == 0 ? !sameWayData : !oneBare || random.nextInt(3) != 0) continue;
                swap(a, b);
                rs.set(n - 1, b);
                rs.set(n, a);
                moved[n] = moved[n + 1] = true;
                said.add(n + "<->" + (n + 1));
            }
        }
        Expected e = Expected.of("rmi-iiop-reordered.pcap", RMI_IIOP,
                        "Adjacent frames among 17-41 swapped, timestamps left in place: every Request with the Fragment "
                                + "after it, and with seed 12 some pairs where one frame is a bare ACK (never two data segments "
                                + "of opposite directions): frames " + String.join(", ", said) + ".")
                .tcpPackets(49).connections(2).gapBytes(0).retransmissions(0)
                .find("the naming lookup is decoded", 1, "type", "request", "method", "resolve_str", "name", "BenchService")
                .find("every sendInts Request is decoded", 4, "type", "request", "method", "sendInts")
                .find("with both its Fragments", 8, "type", "fragment")
                .invocations("all 5 invocations are decoded and answered, 3 measured", 5, 5, 3)
                .build();
        return new Variant(e, p.bytes());
    }

    private static void swap(Pcap.Record a, Pcap.Record b) {
        long s = a.seconds, f = a.fraction;
        a.seconds = b.seconds;
        a.fraction = b.fraction;
        b.seconds = s;
        b.fraction = f;
    }

    private Variant rmiIiopLostFragment() throws IOException {
        Pcap p = read(RMI_IIOP).copy();
        p.records.remove(27 - 1);
        Expected e = Expected.of("rmi-iiop-lost-fragment.pcap", RMI_IIOP,
                        "Frame 27 dropped: the first 4096-byte Fragment of the first measured sendInts Request was lost, "
                                + "a 4096-byte gap in the client's stream.")
                .tcpPackets(48).connections(2).gapBytes(4096)
                .find("every sendInts Request is decoded", 4, "type", "request", "method", "sendInts")
                .find("and every Fragment but the lost one", 7, "type", "fragment")
                .invocations("all 5 invocations are decoded and answered, 3 measured", 5, 5, 3)
                .build();
        return new Variant(e, p.bytes());
    }

    /** fixtures/hostile/README.md: how each file was made and what is expected of it, from the variants themselves. */
    static String readme(List<Variant> variants) {
        StringBuilder sb = new StringBuilder();
        sb.append("""
                # Hostile captures

                The real captures of `../jrmp` and `../giop`, damaged one way each, with what the analysis must still
                make of them. `HostileCorpus` (cli/src/test/java/io/wireanalyze/hostile) makes them: random choices
                come from fixed seeds, so the same fixtures always give the same bytes, and `HostileCorpusTest` fails
                if a file here differs from what the generator makes. It runs `wireanalyze analyze --format json FILE`
                in-process on each (and again with `--strict`) and checks the outcome in `<name>.expected.json`:

                - `exitCode`, `strictExitCode`: exit code of `analyze`, and of `analyze --strict` (1 for a damaged file);
                - `stopReason`: whether the report says where reading stopped (`capture.stopReason` in the JSON);
                - `tcpPackets`, `connections`, `gapBytes`, `retransmissions`: as the JSON reports them;
                - `phasesAddUp`: the phases' packets add up to the TCP packets, their payload bytes to the connections';
                - `messages`: how many messages with the given JSON keys and values must be found (0: must not be);
                - `invocations`: how many are found, how many answered, how many measured (the summary's count);
                - `knownBug` (on a check): an open bug of the analyzer that breaks that check; until it is fixed the
                  check is skipped and the test reports the bug (`-Dhostile.knownBugs=true` makes the check anyway).

                Frames are numbered as in the fixture they were made from, from 1, as Wireshark numbers them.
                Regenerate only on purpose (after changing the generator or the fixtures), then read the diff:

                    mvn -pl cli test -Dtest=HostileCorpusTest -Dsurefire.failIfNoSpecifiedTests=false -Dhostile.regenerate=true

                | file | made from | exit / `--strict` | stop reason | TCP packets | known bug |
                | --- | --- | --- | --- | --- | --- |
                """);
        for (Variant v : variants) {
            Expected e = v.expected();
            sb.append("| `").append(e.file()).append("` | `").append(e.madeFrom()).append("` | ").append(e.exitCode())
                    .append(" / ").append(e.strictExitCode()).append(" | ").append(e.stopReason() ? "yes" : "no").append(" | ")
                    .append(e.tcpPackets()).append(" | ").append(e.knownBugs().isEmpty() ? "" : "yes").append(" |\n");
        }
        for (Variant v : variants) {
            Expected e = v.expected();
            sb.append("\n## ").append(e.file()).append("\n\n").append(e.how()).append("\n\nExpected:\n\n");
            sb.append("- `analyze` exits ").append(e.exitCode()).append(", `analyze --strict` ").append(e.strictExitCode())
                    .append(e.stopReason() ? "; the report says where reading stopped" : "; no stop reason").append(";\n");
            sb.append("- ").append(e.tcpPackets()).append(" TCP packets, accounted to the phases exactly once");
            if (e.connections() != null) sb.append("; ").append(e.connections()).append(" connections");
            if (e.gapBytes() != null) sb.append("; ").append(e.gapBytes()).append(" gap bytes");
            if (e.retransmissions() != null) sb.append("; ").append(e.retransmissions()).append(" retransmissions");
            sb.append(";\n");
            for (Expected.MustFind m : e.messages()) {
                sb.append("- ").append(m.says()).append(" (").append(m.count()).append(")").append(m.knownBug() == null ? "" : " [known bug]").append(";\n");
            }
            if (e.invocations() != null) {
                sb.append("- ").append(e.invocations().says()).append(e.invocations().knownBug() == null ? "" : " [known bug]").append(".\n");
            }
            for (String bug : e.knownBugs()) sb.append("\nKnown bug: ").append(bug).append(".\n");
        }
        return sb.toString();
    }
}
