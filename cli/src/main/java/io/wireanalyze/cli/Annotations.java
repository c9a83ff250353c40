package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.AnalysisResult.PacketRow;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.PcapngWriter;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.phase.Phase;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The capture again, as pcapng with the accounting in a comment on every frame (tshark's {@code frame.comment}):
 * {@code phase dgc | connection 2 c2s | call dirty | invocation 3}, so {@code frame.comment contains "dgc"} filters
 * a phase in Wireshark and tshark. Timestamps, interfaces and bytes are the capture's own, and so are a pcapng's
 * Decryption Secrets Blocks (its TLS key log), each before the frame it stood before.
 */
final class Annotations {

    private Annotations() {
    }

    /** Reads {@code capture} again and writes it to {@code out} with a comment on each frame; returns the frames written. */
    static long write(Path capture, AnalysisResult result, Path out) throws IOException {
        Map<Long, String> comments = comments(result);
        long n = 0;
        try (FrameSource source = CaptureFiles.open(capture); PcapngWriter w = new PcapngWriter(out, "wireanalyze")) {
            Frame f;
            int secrets = 0;
            while ((f = source.next()) != null) {
                secrets = copySecrets(source, w, secrets);
                String c = comments.get(f.number());
                w.write(f, c != null ? c : uncounted(f));
                n++;
            }
            copySecrets(source, w, secrets);
        }
        return n;
    }

    /** The pcapng Decryption Secrets Blocks read since the last frame, written where they stood; returns how many are written. */
    private static int copySecrets(FrameSource source, PcapngWriter w, int written) throws IOException {
        if (!(source instanceof io.wireanalyze.capture.PcapngFileSource p)) return written;
        List<io.wireanalyze.capture.DecryptionSecrets> all = p.secrets();
        for (int i = written; i < all.size(); i++) w.writeSecrets(all.get(i));
        return all.size();
    }

    static Map<Long, String> comments(AnalysisResult r) {
        Map<Integer, List<int[]>> byConnection = new HashMap<>();   // invocation number, request frame, reply frame
        List<InvocationRecord> invocations = r.invocations();
        for (int i = 0; i < invocations.size(); i++) {
            InvocationRecord inv = invocations.get(i);
            long last = inv.replyFrame() != null ? inv.replyFrame() : inv.requestFrame();
            byConnection.computeIfAbsent(inv.connection(), k -> new ArrayList<>()).add(new int[]{i + 1, (int) inv.requestFrame(), (int) last});
        }
        Map<Long, String> out = new HashMap<>();
        for (PacketRow p : r.packets()) {
            StringBuilder c = new StringBuilder("phase ").append(p.phase().label())
                    .append(" | connection ").append(p.connection()).append(' ').append(p.direction());
            if (!p.message().isEmpty()) c.append(" | ").append(p.message());
            if (p.phase() == Phase.INVOCATION) {
                for (int[] inv : byConnection.getOrDefault(p.connection(), List.of())) {
                    if (p.frame() >= inv[1] && p.frame() <= inv[2]) {
                        c.append(" | invocation ").append(inv[0]);
                        break;
                    }
                }
            }
            if (p.data()) c.append(" | data");
            if (p.retransmission()) c.append(" | retransmission");
            out.put(p.frame(), c.toString());
        }
        return out;
    }

    /** Why a frame has no accounting: not TCP, or a copy of a packet already seen. */
    private static String uncounted(Frame f) {
        PacketParser.Result r = PacketParser.parse(f);
        return switch (r.kind()) {
            case TCP -> "not counted: a copy of a TCP packet already seen, or a fragment's datagram counted elsewhere";
            case IP_FRAGMENT -> "not counted: an IP fragment (its datagram counts in the frame that completes it)";
            case UDP -> "not analysed: UDP";
            case NOT_TCP -> "not analysed: not TCP";
            case NOT_IP -> "not analysed: not IP";
            case UNSUPPORTED_LINK -> "not analysed: link type not decoded";
            case TRUNCATED -> "not analysed: headers cut short";
        };
    }
}
