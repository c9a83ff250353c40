package io.wireanalyze.accounting;

import io.wireanalyze.protocol.FactRef;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The facts of a capture's connections joined ({@link io.wireanalyze.protocol.Facts}): for each kind and key, the
 * values it had and from which place of the capture on. A fact counts for what comes after it, on any connection:
 * {@link #at} answers as if the connections had been decoded one after another in capture order, whatever order and
 * threads decoded them. Built from every lane's {@link FactLog} when the capture ends; the result depends on the facts,
 * never on the order the logs or their facts come in.
 */
final class Settlement {

    /** No facts: what the first round of an analysis decodes with. */
    static final Settlement NONE = new Settlement(Map.of());

    /** The places of one key's facts, ascending, and its value from each on. */
    private record History(long[] stamps, String[] values) {
    }

    private final Map<String, History> facts;

    private Settlement(Map<String, History> facts) {
        this.facts = facts;
    }

    static String id(String kind, String key) {
        return kind + '\0' + key;
    }

    /** The facts of these logs joined. */
    static Settlement of(Collection<FactLog> logs) {
        Map<String, List<FactLog.Fact>> byKey = new HashMap<>();
        for (FactLog log : logs) {
            for (FactLog.Fact f : log.facts) byKey.computeIfAbsent(id(f.kind(), f.key()), k -> new ArrayList<>()).add(f);
        }
        Map<String, History> out = new HashMap<>(byKey.size() * 2);
        for (Map.Entry<String, List<FactLog.Fact>> e : byKey.entrySet()) {
            List<FactLog.Fact> list = e.getValue();
            // A place holds one connection's work: equal places are one connection's facts, in the order it told them.
            list.sort(Comparator.comparingLong(FactLog.Fact::stamp));
            List<FactLog.Fact> kept = new ArrayList<>();
            for (FactLog.Fact f : list) {
                if (!kept.isEmpty() && kept.get(kept.size() - 1).stamp() == f.stamp()) kept.remove(kept.size() - 1);
                if (kept.isEmpty() || !kept.get(kept.size() - 1).value().equals(f.value())) kept.add(f);
            }
            long[] stamps = new long[kept.size()];
            String[] values = new String[kept.size()];
            for (int i = 0; i < kept.size(); i++) {
                stamps[i] = kept.get(i).stamp();
                values[i] = kept.get(i).value();
            }
            out.put(e.getKey(), new History(stamps, values));
        }
        return new Settlement(out);
    }

    /** The value of {@code key} of {@code kind} just before capture place {@code stamp}; null when none was known. */
    String at(String kind, String key, long stamp) {
        History h = facts.get(id(kind, key));
        if (h == null) return null;
        int i = before(h, stamp);
        return i < 0 ? null : h.values[i];
    }

    /** The latest fact of {@code key} before {@code stamp}: its place and value; null when none. */
    FactLog.Fact latest(String kind, String key, long stamp) {
        History h = facts.get(id(kind, key));
        if (h == null) return null;
        int i = before(h, stamp);
        return i < 0 ? null : new FactLog.Fact(kind, key, h.values[i], h.stamps[i]);
    }

    /** The index of the latest fact before {@code stamp}, or -1. */
    private static int before(History h, long stamp) {
        int lo = 0, hi = h.stamps.length;   // the first fact at or after stamp
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (h.stamps[mid] < stamp) lo = mid + 1; else hi = mid;
        }
        return lo - 1;
    }

    /** What {@code ref} asked for at {@code stamp}, or null. */
    String at(FactRef ref, long stamp) {
        return at(ref.kind(), ref.key(), stamp);
    }

    /**
     * Whether a question these logs left unanswered has an answer here: a connection decoded without a fact another
     * connection learned before it asked. Such a capture is decoded again, with these facts.
     */
    boolean answersAny(Collection<FactLog> logs) {
        for (FactLog log : logs) {
            for (Map.Entry<String, Long> q : log.unanswered.entrySet()) {
                History h = facts.get(q.getKey());
                if (h != null && h.stamps[0] < q.getValue()) return true;
            }
        }
        return false;
    }

    /** Facts known, for messages. */
    int size() {
        return facts.size();
    }
}
