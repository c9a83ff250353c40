package io.wireanalyze.accounting;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What some connections of an analysis told the capture ({@link io.wireanalyze.protocol.Facts}): their facts, each with
 * its place in the capture, and the questions they asked that nothing answered then, each with the latest place it
 * was asked at. One per lane, filled by its thread; the logs of every lane are joined into a {@link Settlement} when
 * the capture ends. It grows with the facts (a registry's stubs, naming contexts handed out), not with the packets.
 */
final class FactLog {

    /** A fact: {@code key} of {@code kind} is {@code value} from capture place {@code stamp} on. */
    record Fact(String kind, String key, String value, long stamp) {
    }

    final List<Fact> facts = new ArrayList<>();
    /** Unanswered questions: kind and key to the latest place one was asked at. */
    final Map<String, Long> unanswered = new HashMap<>();

    void learned(String kind, String key, String value, long stamp) {
        facts.add(new Fact(kind, key, value, stamp));
    }

    void unanswered(String kind, String key, long stamp) {
        unanswered.merge(Settlement.id(kind, key), stamp, Math::max);
    }
}
