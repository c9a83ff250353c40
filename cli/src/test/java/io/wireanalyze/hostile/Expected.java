package io.wireanalyze.hostile;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code wireanalyze analyze --format json} must make of one hostile capture: the contents of its
 * {@code <name>.expected.json}. Optional checks are null when not made.
 *
 * @param file            the capture, beside this file
 * @param madeFrom        the fixture it was made from, relative to fixtures/
 * @param how             how it was damaged (frames numbered as in the fixture, from 1, as Wireshark numbers them)
 * @param exitCode        exit code of {@code analyze}
 * @param strictExitCode  exit code of {@code analyze --strict}
 * @param stopReason      whether the report says where reading stopped (a damaged file)
 * @param tcpPackets      TCP packets read
 * @param phasesAddUp     the phases' packets add up to the TCP packets, their payload bytes to the connections'
 * @param connections     TCP connections found
 * @param gapBytes        bytes never captured, over all connections
 * @param retransmissions retransmitted packets, over all phases
 * @param messages        messages that must (or must no longer) be found
 * @param invocations     the invocations that must be found
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"file", "madeFrom", "how", "exitCode", "strictExitCode", "stopReason", "tcpPackets", "phasesAddUp",
        "connections", "gapBytes", "retransmissions", "messages", "invocations"})
record Expected(String file, String madeFrom, String how, int exitCode, int strictExitCode, boolean stopReason,
                long tcpPackets, boolean phasesAddUp, Integer connections, Long gapBytes, Long retransmissions,
                List<MustFind> messages, Invocations invocations) {

    /**
     * Messages of the JSON report whose keys have these values (e.g. type "call", method "lookup", name "BenchService").
     *
     * @param says  the expectation in words
     * @param match keys and values every counted message has
     * @param count how many such messages there must be
     * @param knownBug an open bug of the analyzer that breaks this check (skipped while open), or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"says", "match", "count", "knownBug"})
    record MustFind(String says, Map<String, String> match, int count, String knownBug) {
    }

    /**
     * @param says     the expectation in words
     * @param total    invocations found (warm-up, marker and measured)
     * @param answered those with a reply
     * @param measured the summary's measured invocations (warm-up and marker left out)
     * @param knownBug an open bug of the analyzer that breaks this check (skipped while open), or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"says", "total", "answered", "measured", "knownBug"})
    record Invocations(String says, int total, int answered, int measured, String knownBug) {
    }

    /** The open bugs these expectations are waiting for. */
    java.util.Set<String> knownBugs() {
        java.util.Set<String> bugs = new java.util.LinkedHashSet<>();
        for (MustFind m : messages) if (m.knownBug() != null) bugs.add(m.knownBug());
        if (invocations != null && invocations.knownBug() != null) bugs.add(invocations.knownBug());
        return bugs;
    }

    static Builder of(String file, String madeFrom, String how) {
        return new Builder(file, madeFrom, how);
    }

    /** Builds an expectation; an undamaged file exits 0 with and without --strict. */
    static final class Builder {
        private final String file, madeFrom, how;
        private int exitCode, strictExitCode;
        private boolean stopReason;
        private long tcpPackets = -1;
        private Integer connections;
        private Long gapBytes, retransmissions;
        private final List<MustFind> messages = new ArrayList<>();
        private Invocations invocations;
        private boolean lastWasInvocations;

        private Builder(String file, String madeFrom, String how) {
            this.file = file;
            this.madeFrom = madeFrom;
            this.how = how;
        }

        /** The file is damaged: read up to the damage, exit 1 only with --strict. */
        Builder damagedFile() {
            stopReason = true;
            strictExitCode = 1;
            return this;
        }

        Builder tcpPackets(long n) {
            tcpPackets = n;
            return this;
        }

        Builder connections(int n) {
            connections = n;
            return this;
        }

        Builder gapBytes(long n) {
            gapBytes = n;
            return this;
        }

        Builder retransmissions(long n) {
            retransmissions = n;
            return this;
        }

        /** {@code keyValues}: key, value, key, value... of the JSON message. */
        Builder find(String says, int count, String... keyValues) {
            Map<String, String> match = new LinkedHashMap<>();
            for (int i = 0; i < keyValues.length; i += 2) match.put(keyValues[i], keyValues[i + 1]);
            messages.add(new MustFind(says, match, count, null));
            lastWasInvocations = false;
            return this;
        }

        /** The last check added (a message count or the invocations) waits for a fix of this bug. */
        Builder knownBug(String bug) {
            if (invocations != null && invocations.knownBug() == null && lastWasInvocations) {
                invocations = new Invocations(invocations.says(), invocations.total(), invocations.answered(), invocations.measured(), bug);
            } else {
                MustFind m = messages.remove(messages.size() - 1);
                messages.add(new MustFind(m.says(), m.match(), m.count(), bug));
            }
            return this;
        }

        Builder invocations(String says, int total, int answered, int measured) {
            invocations = new Invocations(says, total, answered, measured, null);
            lastWasInvocations = true;
            return this;
        }

        Expected build() {
            if (tcpPackets < 0) throw new IllegalStateException(file + ": no TCP packet count");
            return new Expected(file, madeFrom, how, exitCode, strictExitCode, stopReason, tcpPackets, true, connections,
                    gapBytes, retransmissions, List.copyOf(messages), invocations);
        }
    }
}
