package io.wireanalyze.report;

import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.Role;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The naming, DGC, keep-alive and unparsed messages of a capture, one line each: registry calls with their
 * names, what they returned, DGC dirty and clean with their leases, pings, unparsed spans with their reasons.
 */
final class NotableMessages {

    static final int MAX_LINES = 20;

    private NotableMessages() {}

    static boolean notable(Message m) {
        Phase p = m.phase();
        return (p == Phase.NAMING && m.role() != Role.NONE) || p == Phase.DGC || p == Phase.KEEPALIVE || p == Phase.UNPARSED;
    }

    static List<MessageRecord> select(List<MessageRecord> messages) {
        return messages.stream().filter(r -> notable(r.message())).toList();
    }

    /**
     * Prints at most {@link #MAX_LINES} lines, then how many were left out; returns the lines printed. One pass.
     * {@code leftOut} notable messages were not kept at all (an analysis limited to the first {@link #MAX_LINES}).
     */
    static int print(PrintWriter out, Iterable<MessageRecord> messages, long leftOut, String indent) {
        TextTable t = new TextTable("frame", "time ms", "conn", "dir", "phase", "message", "detail");
        long notable = leftOut;
        for (MessageRecord r : messages) {
            Message m = r.message();
            if (!notable(m)) continue;
            if (t.rowCount() < MAX_LINES) t.row(r.frame(), Fmt.ms(r.timeMs()), r.connection(), m.direction(), m.phase(), m.type().label(), detail(m));
            notable++;
        }
        if (notable == 0) {
            out.println(indent + "none");
            return 0;
        }
        t.print(out, indent);
        if (notable > MAX_LINES) out.println(indent + "... " + (notable - MAX_LINES) + " more (see --format csv)");
        return t.rowCount();
    }

    /**
     * {@code lookup "MessengerService"}, {@code dirty [5:6:7, 42] lease 600000 ms},
     * {@code lookup "Hello" -> example.Hello @ host:port}, or an unparsed span's reason.
     */
    static String detail(Message m) {
        MessageInfo i = m.info();
        List<String> parts = new ArrayList<>();
        if (m.phase() == Phase.UNPARSED) {
            add(parts, i.details().asMap().get("reason"));
            parts.add("(" + m.length() + " bytes at stream offset " + m.offset() + ")");
            return String.join(" ", parts);
        }
        add(parts, i.method());
        if (i.name() != null) parts.add("\"" + i.name() + "\"");
        add(parts, i.details().note());
        if (m.role() == Role.REPLY) {
            List<String> result = new ArrayList<>();
            if (i.details().exception() != null) result.add("exception " + i.details().exception());
            result.addAll(i.details().returned());
            if (!result.isEmpty()) parts.add("-> " + String.join(" ", result));
        }
        return String.join(" ", parts);
    }

    private static void add(List<String> parts, Object o) {
        if (o != null) parts.add(o.toString());
    }
}
