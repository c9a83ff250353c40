package io.wireanalyze.accounting;

import io.wireanalyze.protocol.Facts;

import java.util.HashMap;
import java.util.Map;

/**
 * One connection's side of the capture's facts: what it learns goes to its lane's {@link FactLog} with its place in the
 * capture ({@link #now}, set before each piece of its work); what it asks is answered from what it learned itself and
 * from the facts a previous round of the analysis settled, and a question left unanswered is noted, so that the
 * analysis knows whether another round would answer it. Touched by the thread that decodes the connection only.
 */
final class ConnectionFacts implements Facts {

    private record Local(long stamp, String value) {
    }

    private final Settlement settled;
    private final FactLog log;
    private final Map<String, Local> local = new HashMap<>();
    /** The capture place of the work in hand. */
    long now;

    ConnectionFacts(Settlement settled, FactLog log) {
        this.settled = settled;
        this.log = log;
    }

    @Override
    public void learned(String kind, String key, String value) {
        log.learned(kind, key, value, now);
        local.put(Settlement.id(kind, key), new Local(now, value));
    }

    @Override
    public String known(String kind, String key) {
        Local mine = local.get(Settlement.id(kind, key));
        FactLog.Fact other = settled.latest(kind, key, now);
        String value = mine != null && (other == null || mine.stamp >= other.stamp()) ? mine.value
                : other == null ? null : other.value();
        if (value == null) log.unanswered(kind, key, now);
        return value;
    }
}
