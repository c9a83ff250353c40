package io.wireanalyze.accounting;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocols.ProtocolTable;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How to analyse a capture.
 *
 * @param limits        bounds on memory and work per message
 * @param methodNames   method names by RMI method hash
 * @param markerMethod  the method a workload calls between its warm-up and its measured calls; invocations on
 *                      a connection before it are warm-up. Null: no marker.
 * @param keepPackets   whether the result keeps one row per packet (for CSV and charts)
 * @param protocols     the protocols to decode, in probe order ({@link ProtocolTable#ALL})
 * @param methodWords   method names to try when guessing an unknown method from its hash
 * @param workers       threads that decode and account the connections, each connection on one, besides the one
 *                      reading the frames; 0: that one does everything. The result is the same, byte for byte.
 * @param keepMessage   which messages the result lists ({@link AnalysisResult#messages()}; {@link #ALL_MESSAGES}:
 *                      every one): a report that shows a few need not have the rest kept. Nothing else changes.
 * @param messageLimit  the most of those the result lists: the first, in the result's order; the others are counted
 *                      ({@link AnalysisResult#messagesLeftOut()}), not kept. {@link #NO_LIMIT}: every one.
 */
public record AnalysisOptions(DecoderLimits limits, Map<Long, String> methodNames, String markerMethod, boolean keepPackets,
                              List<Protocol> protocols, Set<String> methodWords, int workers, Predicate<Message> keepMessage,
                              int messageLimit) {

    /** Every message {@link #keepMessage} accepts is listed. */
    public static final int NO_LIMIT = Integer.MAX_VALUE;

    /** Every message. */
    public static final Predicate<Message> ALL_MESSAGES = m -> true;

    public AnalysisOptions {
        if (workers < 0) throw new IllegalArgumentException("workers: " + workers + " (expected: 0 or more)");
        java.util.Objects.requireNonNull(keepMessage, "keepMessage");
        if (messageLimit < 0) throw new IllegalArgumentException("messageLimit: " + messageLimit + " (expected: 0 or more)");
    }

    /** On the reading thread, every message kept. */
    public AnalysisOptions(DecoderLimits limits, Map<Long, String> methodNames, String markerMethod, boolean keepPackets,
                           List<Protocol> protocols, Set<String> methodWords) {
        this(limits, methodNames, markerMethod, keepPackets, protocols, methodWords, 0, ALL_MESSAGES, NO_LIMIT);
    }

    /** Every protocol of the table. */
    public AnalysisOptions(DecoderLimits limits, Map<Long, String> methodNames, String markerMethod, boolean keepPackets) {
        this(limits, methodNames, markerMethod, keepPackets, ProtocolTable.ALL, Set.of());
    }

    /** These protocols, no guessing words. */
    public AnalysisOptions(DecoderLimits limits, Map<Long, String> methodNames, String markerMethod, boolean keepPackets,
                           List<Protocol> protocols) {
        this(limits, methodNames, markerMethod, keepPackets, protocols, Set.of());
    }

    public AnalysisOptions withMethodWords(Set<String> words) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keepPackets, protocols, Set.copyOf(words), workers, keepMessage, messageLimit);
    }

    public static final String DEFAULT_MARKER = "wireanalyzeMark";

    public static AnalysisOptions defaults() {
        return new AnalysisOptions(DecoderLimits.DEFAULT, Map.of(), DEFAULT_MARKER, true);
    }

    /** These options decoding with {@code list} (e.g. {@link ProtocolTable#withTlsKeys}: the table with a key log). */
    public AnalysisOptions withProtocols(List<Protocol> list) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keepPackets, List.copyOf(list), methodWords, workers, keepMessage, messageLimit);
    }

    public AnalysisOptions withKeepPackets(boolean keep) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keep, protocols, methodWords, workers, keepMessage, messageLimit);
    }

    public AnalysisOptions withMethodNames(Map<Long, String> names) {
        return new AnalysisOptions(limits, Map.copyOf(names), markerMethod, keepPackets, protocols, methodWords, workers, keepMessage, messageLimit);
    }

    /** These options with {@code n} worker threads (0: none). */
    public AnalysisOptions withWorkers(int n) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keepPackets, protocols, methodWords, n, keepMessage, messageLimit);
    }

    /** These options listing at most the first {@code n} messages (the rest counted, not kept). */
    public AnalysisOptions withMessageLimit(int n) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keepPackets, protocols, methodWords, workers, keepMessage, n);
    }

    /** These options listing only the messages {@code keep} accepts. */
    public AnalysisOptions withKeepMessage(Predicate<Message> keep) {
        return new AnalysisOptions(limits, methodNames, markerMethod, keepPackets, protocols, methodWords, workers, keep, messageLimit);
    }
}
