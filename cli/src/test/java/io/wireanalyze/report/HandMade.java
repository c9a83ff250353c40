package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.CaptureInfo;
import io.wireanalyze.accounting.AnalysisResult.ConnectionStats;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.AnalysisResult.PacketRow;
import io.wireanalyze.accounting.AnalysisResult.PhaseStats;
import io.wireanalyze.accounting.AnalysisResult.Summary;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.jrmp.Jrmp;
import io.wireanalyze.protocol.jrmp.JrmpDetails;
import io.wireanalyze.protocol.jrmp.JrmpMessageType;
import io.wireanalyze.tcp.Direction;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A small result built by hand, with the invocations the public captures lack: one warm-up call, one marker,
 * four measured calls answered in 1, 2, 3 and 10 ms, and one measured call never answered.
 */
final class HandMade {

    static final long SAY_HELLO_HASH = 0x8a3ec1d3e7f8a5b2L;   // negative as a long: printed unsigned

    private HandMade() {}

    static AnalysisResult result() {
        return result(List.of());
    }

    static AnalysisResult result(List<MessageRecord> moreMessages) {
        Map<Phase, PhaseStats> phases = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) phases.put(p, new PhaseStats(0, 0, 0, 0, 0, 0));
        phases.put(Phase.TCP_SETUP, new PhaseStats(3, 200, 0, 0.5, 0.5, 0));
        phases.put(Phase.HANDSHAKE, new PhaseStats(5, 400, 40, 2.0, 2.0, 0));
        phases.put(Phase.NAMING, new PhaseStats(4, 700, 400, 3.0, 3.0, 0));
        phases.put(Phase.DGC, new PhaseStats(4, 500, 250, 7.0, 7.0, 0));
        phases.put(Phase.INVOCATION, new PhaseStats(21, 3000, 1800, 16.5, 40.0, 1));
        phases.put(Phase.TCP_TEARDOWN, new PhaseStats(3, 198, 0, 1.0, 1.0, 0));
        Summary summary = new Summary(40, 12.5, 16, 5, 12, 18, 0.4, 3.6);
        CaptureInfo capture = new CaptureInfo(42, 40, Map.of("UDP", 2L), 30.0, null, 1_700_000_000_000_000_000L);
        ConnectionStats conn = new ConnectionStats(1, "10.0.0.1:40000", "10.0.0.2:1099", "jrmp", 40, 4998, 2490,
                900, 1590, 0.0, 30.0, true, 0, 14, 0);
        List<InvocationRecord> invocations = List.of(
                invocation("warmUp", 17, 19L, 5.0, true, false, null),
                invocation("wireanalyzeMark", 20, 22L, 0.7, false, true, null),
                invocation("sayHello", 23, 25L, 3.0, false, false, null),
                invocation("sayHello", 26, 28L, 1.0, false, false, null),
                invocation("sayHello", 29, 31L, 10.0, false, false, "java.rmi.RemoteException"),
                invocation("sayHello", 32, 34L, 2.0, false, false, null),
                invocation("sayHello", 35, null, null, false, false, null));
        List<MessageRecord> messages = new ArrayList<>();
        MessageInfo lookup = new MessageInfo("[0:0:0, 0]", 0x44154dc9d4e63bdfL, "lookup", "lookup", "Hello", new JrmpDetails.Call(0L, 2, null, List.of()));
        messages.add(new MessageRecord(9L, 9L, 5.25, 1, message("call", Phase.NAMING, Direction.C2S, Role.REQUEST, lookup), 2));
        messages.add(new MessageRecord(11L, 12L, 6.0, 1, message("return", Phase.NAMING, Direction.S2C, Role.REPLY,
                lookup.withDetails(new JrmpDetails.Return(0L, 2, null, null, null, null, List.of("java.rmi.Remote", "example.Hello"), null,
                        "10.0.0.2:43595", null, null))), 3));
        MessageInfo dirty = new MessageInfo("[0:0:0, 2]", 0xf6b6898d8bf28643L, "dirty", "dirty", null,
                new JrmpDetails.Call(2L, 1, 600000L, List.of("[5:6:7, 42]")));
        messages.add(new MessageRecord(13L, 13L, 8.0, 1, message("call", Phase.DGC, Direction.C2S, Role.REQUEST, dirty), 2));
        MessageInfo hello = new MessageInfo("[5:6:7, 42]", SAY_HELLO_HASH, "sayHello", "sayHello", null, new JrmpDetails.Call(42L, -1, null, List.of()));
        messages.add(new MessageRecord(23L, 23L, 13.0, 1, message("call", Phase.INVOCATION, Direction.C2S, Role.REQUEST, hello), 2));
        messages.add(new MessageRecord(null, null, null, 1, Message.unparsed(Jrmp.NAME, Direction.S2C, 900, 64,
                "jrmp.op at stream offset 900: 0x99 (expected: 0x50, 0x52, 0x53 or 0x54)"), 0));
        messages.addAll(moreMessages);
        List<PacketRow> packets = List.of(
                new PacketRow(1, 0.0, 1, "c2s", 74, 0, "SYN", Phase.TCP_SETUP, "", false, false),
                new PacketRow(23, 13.0, 1, "c2s", 120, 54, "PSH, ACK", Phase.INVOCATION, "call", true, false));
        return new AnalysisResult("/captures/hand-made.pcap", capture, summary, phases, List.of(conn), messages, 0,
                invocations, packets);
    }

    static Message message(String type, Phase phase, Direction d, Role role, MessageInfo info) {
        return new Message(Jrmp.NAME, JrmpMessageType.valueOf(type.toUpperCase(java.util.Locale.ROOT).replace('-', '_')), phase, d,
                22, 60, 63, 19, role, -1, info);
    }

    private static InvocationRecord invocation(String method, long request, Long reply, Double latency, boolean warmup,
                                               boolean marker, String exception) {
        return new InvocationRecord(1, method, request, reply, latency, 3, 1, 2, 60, reply == null ? 0 : 120, warmup,
                marker, exception, 0);
    }
}
