package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoints;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.Ipv4Defragmenter;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * An analysis split into parts that never see each other: the engine's shape on one core, on every core and on a
 * cluster. One pass reads every frame's headers ({@link Headers}: the capture's times and counts, copies, and each TCP
 * packet's index and elapsed time, {@link Tracker}); each packet then goes, with those figures, to the part that owns
 * its flow (any split that keeps a flow's packets together, in capture order); each part tracks, reassembles, decodes
 * and accounts its connections alone ({@link #part}); and {@link #settle} joins the parts: their ledgers merged,
 * connections numbered in the order of their first packet, the facts connections told each other settled
 * ({@link Settlement}) and filled into the records. The result is the same, byte for byte, however the flows are split
 * and in whatever order the parts run. When a settled fact would change how a part decodes (a naming context handed out
 * on one connection and used on another, a server proved on another part), {@link Settled#anotherRound()} says so and
 * the parts run again with it.
 */
public final class SplitAnalysis {

    private SplitAnalysis() {
    }

    /**
     * What a round of the parts starts from: the facts and proved servers the previous round settled, and the logs the
     * facts were settled from (what a part in another JVM is sent: {@link PartBytes#round}).
     */
    public record Round(Settlement facts, Set<Lane.Server> knownServers, List<FactLog> logs) {
        public static final Round FIRST = new Round(Settlement.NONE, Set.of(), List.of());

        Round(List<FactLog> logs, Set<Lane.Server> knownServers) {
            this(Settlement.of(logs), Set.copyOf(knownServers), List.copyOf(logs));
        }
    }

    /**
     * One part's connections, done: its share of the totals, its facts, the servers it proved, its records. Its
     * connections are numbered in the part, in the order of their first packet; {@code firsts} holds each one's first
     * packet's TCP index (by its number - 1), by which the settle step numbers them in the capture.
     */
    record Part(Totals totals, List<FactLog> logs, Set<Lane.Server> knownServers, Set<Lane.Server> unpinned,
                boolean provisional, long[] firsts, List<AnalysisResult.ConnectionStats> connections, List<Codecs.Keyed<MessageRecord>> messages,
                List<PendingInvocation> invocations, List<AnalysisResult.PacketRow> packets, Codecs codecs,
                int messageLimit, long messagesLeftOut) {

        /** Lets its records' files go (where they are in files), when no result took them. */
        void close() {
            Spill.close(connections);
            Spill.close(messages);
            Spill.close(invocations);
            Spill.close(packets);
        }
    }

    /** The settled result, and the next round when one is needed (else null). */
    record Settled(AnalysisResult result, Round anotherRound) {
    }

    /** The pass over every frame's headers, in capture order: the reading thread's, or a cluster's driver's. */
    public static final class Headers {
        static final String REASSEMBLED = "IPv4 fragments (reassembled; counted in the frame that completes them)";

        final Tracker tracker = new Tracker();
        private final Ipv4Defragmenter defragmenter = new Ipv4Defragmenter();
        /** The endpoints of the packets so far: a packet's are found there, not made again. */
        private final Endpoints endpoints = new Endpoints();
        private final List<io.wireanalyze.protocol.Protocol> protocols;
        /** The latest TCP packet's figures: TCP index, elapsed time, the capture's latest time. */
        private long tcpIndex, elapsed, clock;

        public Headers(AnalysisOptions options) {
            this.protocols = options.protocols();
        }

        /**
         * Takes the next frame; returns its TCP segment (of the frame given, or of the datagram it completes: the
         * segment's frame is the one to analyse) when it is a TCP packet counted in the capture, with its figures in
         * {@link #tcpIndex()}, {@link #elapsed()} and {@link #clock()}; else null (counted here).
         */
        public TcpSegment accept(Frame frame) {
            tracker.frame(frame.timestampNanos());
            PacketParser.Result r = PacketParser.parse(frame, endpoints);
            Frame packet = frame;
            if (r.kind() == PacketParser.Kind.IP_FRAGMENT && r.payload() != null) {
                // Reassembled, the datagram counts once, in the frame that completed it (as in Wireshark).
                packet = defragmenter.offer(frame, r.payload());
                if (packet == null) {
                    tracker.other(REASSEMBLED);
                    return null;
                }
                r = PacketParser.parse(packet, endpoints);
            }
            if (r.kind() != PacketParser.Kind.TCP) {
                tracker.other(label(r, protocols));
                return null;
            }
            return counted(r.segment(), packet.timestampNanos());
        }

        /**
         * Takes the next frame when it is a TCP segment that a file's task parsed ({@link ClusterAnalysis#header}: a
         * cluster's driver need not parse it again): as {@link #accept(Frame)} takes the frame it came in.
         */
        TcpSegment accept(TcpSegment s, long nanos) {
            tracker.frame(nanos);
            return counted(s, nanos);
        }

        /** A TCP segment, counted unless it is a copy of a packet already seen; its figures kept. */
        private TcpSegment counted(TcpSegment s, long nanos) {
            long i = tracker.tcp(s, nanos);
            if (i < 0) return null;   // a copy of a packet already seen: counted once
            tcpIndex = i;
            elapsed = tracker.elapsed();
            clock = tracker.lastNanos();
            return s;
        }

        /** The endpoint with these fields, found among the packets' so far where one had it. */
        io.wireanalyze.frame.Endpoint endpoint(boolean v6, long hi, long lo, int port) {
            return endpoints.of(v6, hi, lo, port);
        }

        /** What a frame that is not a TCP packet is, for the capture's count of frames not decoded. */
        static String label(PacketParser.Result r, List<io.wireanalyze.protocol.Protocol> protocols) {
            return switch (r.kind()) {
                case NOT_IP -> "not IP";
                case UDP -> datagram(r.payload(), protocols);
                case NOT_TCP -> "other IP";
                case IP_FRAGMENT -> "IP fragment (not reassembled: IPv6, or its header damaged)";
                case UNSUPPORTED_LINK -> "unsupported link type";
                case TRUNCATED -> "truncated headers";
                case TCP -> "TCP";
            };
        }

        /** What a UDP payload is: a protocol's datagram (MIOP) or plain UDP. */
        private static String datagram(java.nio.ByteBuffer payload, List<io.wireanalyze.protocol.Protocol> protocols) {
            if (payload != null) {
                for (io.wireanalyze.protocol.Protocol p : protocols) {
                    String kind = p.datagram(payload.duplicate());
                    if (kind != null) return kind;
                }
            }
            return "UDP";
        }

        /** The flow of the latest TCP packet counted. */
        FlowKey flow() {
            return tracker.flow();
        }

        public long tcpIndex() {
            return tcpIndex;
        }

        public long elapsed() {
            return elapsed;
        }

        public long clock() {
            return clock;
        }

        /** The capture's first frame's time (once a frame is in). */
        public long captureStartNanos() {
            return tracker.firstNanos();
        }

        /** The capture has ended: fragments never completed are counted as such, no longer as reassembled. */
        void end() {
            long lost = defragmenter.incompleteFragments();
            if (lost > 0) {
                tracker.uncount(REASSEMBLED, lost);
                tracker.other("IPv4 fragments of datagrams never completed (not analysed)", lost);
            }
        }
    }

    /** A part: the connections of some flows, fed their TCP packets in capture order with {@link Headers}' figures. */
    public static final class PartAnalysis {
        private final Analyzer analyzer;
        /**
         * The endpoints of the frames this part parsed itself ({@link #accept(Frame, long, long, long)}: a cluster's
         * task, shipped frames), found there rather than made again for each packet, as the pass over the headers
         * finds them; made with the first such frame (a worker on this machine is given its segments parsed).
         */
        private Endpoints endpoints;

        /** @param captureStartNanos the capture's first frame's time ({@link Headers#captureStartNanos()}) */
        public PartAnalysis(AnalysisOptions options, int recordsInMemory, Round round, long captureStartNanos) {
            analyzer = new Analyzer(options, recordsInMemory, round.facts(), round.knownServers(), captureStartNanos);
        }

        /**
         * A TCP packet of this part's flows (the frame of a segment {@link Headers#accept} returned, for an engine that
         * ships frames to its tasks) with its figures.
         */
        public void accept(Frame packet, long tcpIndex, long elapsed, long clock) {
            if (endpoints == null) endpoints = new Endpoints();
            TcpSegment s = PacketParser.parse(packet, endpoints).segment();
            accept(s, FlowKey.of(s.src(), s.dst()), tcpIndex, elapsed, clock);
        }

        /** A TCP packet of this part's flows as {@link Headers#accept} returned it, with its flow and figures. */
        void accept(TcpSegment s, FlowKey flow, long tcpIndex, long elapsed, long clock) {
            analyzer.segment(s, flow, tcpIndex, elapsed, clock);
        }

        /** A test hook: its connections' logs offered to their ledgers every {@code rows} rows ({@link Analyzer#FLUSH_ROWS}). */
        PartAnalysis flushingEvery(int rows) {
            analyzer.flushingEvery(rows);
            return this;
        }

        Part finish() {
            try {
                return analyzer.finishPart();
            } finally {
                analyzer.close();
            }
        }
    }

    /** A counted TCP packet with its flow and the figures of the pass over the headers. */
    private record Packet(TcpSegment segment, FlowKey flow, long tcpIndex, long elapsed, long clock) {
    }

    /**
     * Analyses {@code frames} split into {@code parts} by flow, the parts run in the order {@code order} gives (a
     * permutation of 0..parts-1), as many rounds as the settled facts ask: the engine's contract in one method, for
     * tests and for engines that hold the capture's frames.
     */
    public static AnalysisResult analyze(List<Frame> frames, int parts, int[] order, AnalysisOptions options,
                                         int recordsInMemory, String source) {
        return analyze(frames, parts, order, options, recordsInMemory, source, Analyzer.FLUSH_ROWS);
    }

    /** The same, each part's connections offered to their ledgers every {@code flushRows} rows (a test hook). */
    static AnalysisResult analyze(List<Frame> frames, int parts, int[] order, AnalysisOptions options,
                                  int recordsInMemory, String source, int flushRows) {
        Round round = Round.FIRST;
        for (int r = 1; ; r++) {
            Headers headers = new Headers(options);
            List<List<Packet>> byPart = new ArrayList<>();
            for (int i = 0; i < parts; i++) byPart.add(new ArrayList<>());
            for (Frame f : frames) {
                TcpSegment s = headers.accept(f);
                if (s == null) continue;
                FlowKey flow = headers.flow();
                byPart.get(flow.part(parts)).add(new Packet(s, flow, headers.tcpIndex(), headers.elapsed(), headers.clock()));
            }
            headers.end();
            List<Part> done = new ArrayList<>();
            for (int p : order) {
                PartAnalysis part = new PartAnalysis(options, recordsInMemory, round, headers.captureStartNanos()).flushingEvery(flushRows);
                for (Packet x : byPart.get(p)) part.accept(x.segment(), x.flow(), x.tcpIndex(), x.elapsed(), x.clock());
                done.add(part.finish());
            }
            Settled settled = settle(done, headers.tracker, recordsInMemory, source, null);
            if (settled.anotherRound() == null || r == Analyzer.MAX_ROUNDS) return settled.result();
            settled.result().close();   // a discarded round: its files go now
            round = settled.anotherRound();
        }
    }

    /**
     * Analyses the capture on {@link AnalysisOptions#workers()} worker threads ({@link PartWorkers}): this thread reads
     * the frames and their headers; each worker analyses its flows; the parts are settled at the end, and the capture
     * read again while a settled fact asks for another round. Every frame is shown to {@code observer} once.
     */
    static AnalysisResult onWorkers(Analyzer.Capture capture, AnalysisOptions options,
                                    java.util.function.Consumer<Frame> observer, int recordsInMemory) throws java.io.IOException {
        Round round = Round.FIRST;
        for (int r = 1; ; r++) {
            Headers headers = new Headers(options);
            PartWorkers workers = null;
            try (var source = capture.open()) {
                Frame f;
                while ((f = source.next()) != null) {
                    if (r == 1) observer.accept(f);
                    TcpSegment s = headers.accept(f);
                    if (s == null) continue;
                    if (workers == null) {
                        workers = new PartWorkers(options.workers(), options, recordsInMemory, round, headers.captureStartNanos());
                    }
                    workers.accept(s, headers.flow(), headers.tcpIndex(), headers.elapsed(), headers.clock());
                }
                headers.end();
                List<Part> parts = workers == null ? List.of() : workers.finish();
                Settled settled = settle(parts, headers.tracker, recordsInMemory, source.name(), source.stopReason());
                if (settled.anotherRound() == null || r == Analyzer.MAX_ROUNDS) return settled.result();
                settled.result().close();   // a discarded round: its files go now
                round = settled.anotherRound();
            } finally {
                if (workers != null) workers.close();
            }
        }
    }

    /**
     * Joins the parts of one capture into its result (see the class comment). The parts' records are read as the
     * result is: they must outlive it, and closing it closes them.
     */
    static Settled settle(List<Part> parts, Tracker tracker, int recordsInMemory, String source,
                          String stopReason) {
        Totals totals = new Totals();
        List<FactLog> logs = new ArrayList<>();
        Set<Lane.Server> known = new HashSet<>();
        Set<Lane.Server> unpinned = new HashSet<>();
        for (Part p : parts) {
            totals.merge(p.totals());
            logs.addAll(p.logs());
            known.addAll(p.knownServers());
            unpinned.addAll(p.unpinned());
        }
        long frames = tracker.frames(), tcpPackets = tracker.tcpPackets();
        long accounted = totals.tcpPackets();
        if (accounted != tcpPackets) throw new IllegalStateException("phases account " + accounted + " packets (expected: " + tcpPackets + ")");
        long start = tracker.firstNanos() == Long.MIN_VALUE ? 0 : tracker.firstNanos();
        var info = new AnalysisResult.CaptureInfo(frames, tcpPackets, tracker.otherFrames(),
                frames == 0 ? 0 : Math.max(0, tracker.lastNanos() - start) / 1e6, stopReason, start);
        Settlement facts = Settlement.of(logs);
        unpinned.retainAll(known);   // a held connection's server that some part proved: pinned in another round
        Round another = facts.answersAny(logs) || !unpinned.isEmpty() ? new Round(facts, Set.copyOf(known), List.copyOf(logs)) : null;

        Codecs codecs;
        List<AnalysisResult.ConnectionStats> connections;
        List<Codecs.Keyed<MessageRecord>> messages;
        List<PendingInvocation> invocations;
        List<AnalysisResult.PacketRow> packets;
        if (parts.size() == 1 && !parts.get(0).provisional()) {
            Part p = parts.get(0);   // one part numbered as it went: its records are the result's
            codecs = p.codecs();
            connections = p.connections();
            messages = p.messages();
            invocations = p.invocations();
            packets = p.packets();
        } else if (parts.stream().allMatch(SplitAnalysis::numberedInOrder)) {
            // Each part's records are in the result's order already, and numbering its connections in the capture keeps
            // that order (it numbered them by their first packets, as the capture does): merged as they are read.
            codecs = new Codecs();
            long[] firsts = parts.stream().flatMapToLong(p -> Arrays.stream(p.firsts())).sorted().toArray();
            List<List<AnalysisResult.ConnectionStats>> cs = new ArrayList<>();
            List<List<Codecs.Keyed<MessageRecord>>> ms = new ArrayList<>();
            List<List<PendingInvocation>> is = new ArrayList<>();
            List<List<AnalysisResult.PacketRow>> ps = new ArrayList<>();
            List<UnaryOperator<AnalysisResult.ConnectionStats>> cm = new ArrayList<>();
            List<UnaryOperator<Codecs.Keyed<MessageRecord>>> mm = new ArrayList<>();
            List<UnaryOperator<PendingInvocation>> im = new ArrayList<>();
            List<UnaryOperator<AnalysisResult.PacketRow>> pm = new ArrayList<>();
            for (Part p : parts) {
                int[] rank = ranks(firsts, p);
                cs.add(p.connections());
                cm.add(c -> Renumber.connection(c, rank(rank, c.id())));
                ms.add(p.messages());
                mm.add(m -> Renumber.message(m, rank(rank, m.value().connection())));
                is.add(p.invocations());
                im.add(i -> Renumber.invocation(i, rank(rank, i.record().connection())));
                ps.add(p.packets());
                pm.add(r -> Renumber.packet(r, rank(rank, r.connection())));
            }
            connections = Spill.merge(cs, cm, RecordSpills.CONNECTION_KEY);
            messages = Spill.merge(ms, mm, RecordSpills.MESSAGE_KEY);
            invocations = Spill.merge(is, im, Legs.KEY);
            packets = Spill.merge(ps, pm, RecordSpills.PACKET_KEY);
        } else {
            RecordSpills all = new RecordSpills(new Codecs(), recordsInMemory);
            codecs = all.codecs;
            // A connection's number in the capture: 1 + how many connections of any part started before it.
            long[] firsts = parts.stream().flatMapToLong(p -> Arrays.stream(p.firsts())).sorted().toArray();
            for (Part p : parts) {
                int[] rank = ranks(firsts, p);
                for (var c : p.connections()) all.connections.add(Renumber.connection(c, rank(rank, c.id())));
                for (var m : p.messages()) all.messages.add(Renumber.message(m, rank(rank, m.value().connection())));
                for (var i : p.invocations()) all.invocations.add(Renumber.invocation(i, rank(rank, i.record().connection())));
                for (var r : p.packets()) all.packets.add(Renumber.packet(r, rank(rank, r.connection())));
                // Read once: the part's files go now.
                Spill.close(p.connections());
                Spill.close(p.messages());
                Spill.close(p.invocations());
                Spill.close(p.packets());
            }
            connections = all.connections.sorted();
            messages = all.messages.sorted();
            invocations = all.invocations.sorted();
            packets = all.packets.sorted();
        }
        // A limit on the messages listed: the first of those the parts kept, the others counted with what they left out.
        long messagesLeftOut = 0;
        for (Part p : parts) messagesLeftOut += p.messagesLeftOut();
        int messageLimit = parts.isEmpty() ? AnalysisOptions.NO_LIMIT : parts.get(0).messageLimit();
        if (messages.size() > messageLimit) {
            List<Codecs.Keyed<MessageRecord>> kept = new ArrayList<>(messageLimit);
            java.util.Iterator<Codecs.Keyed<MessageRecord>> it = messages.iterator();
            while (kept.size() < messageLimit) kept.add(it.next());
            messagesLeftOut += messages.size() - messageLimit;
            Spill.close(messages);
            messages = kept;
        }
        Invocations.Final calls = Invocations.settle(invocations, totals, facts,
                new Spill<>("invocations", codecs.finalInvocations, Spill.Key.<Codecs.Keyed<AnalysisResult.InvocationRecord>>of(
                        k -> k.value().requestFrame(), Codecs.Keyed::seq), recordsInMemory));
        AnalysisResult.Summary summary = summary(calls, totals, tracker);
        AnalysisResult result = new AnalysisResult(source, info, summary, totals.phases(), connections,
                Spill.values(messages, k -> Analyzer.settled(k, facts)), messagesLeftOut, calls.records(), packets);
        return new Settled(result, another);
    }

    /** Each of a part's connections' number in the capture: 1 + how many connections of any part started before it. */
    private static int[] ranks(long[] firsts, Part p) {
        int[] rank = new int[p.firsts().length];
        for (int i = 0; i < rank.length; i++) rank[i] = Arrays.binarySearch(firsts, p.firsts()[i]) + 1;
        return rank;
    }

    /** Whether a part numbered its connections in the order of their first packets (so the capture's numbers keep its order). */
    private static boolean numberedInOrder(Part p) {
        long[] f = p.firsts();
        for (int i = 1; i < f.length; i++) if (f[i] <= f[i - 1]) return false;
        return true;
    }

    /** The capture's number of a part's connection {@code id}. */
    private static int rank(int[] rank, int id) {
        if (id < 1 || id > rank.length) throw new IllegalStateException("a record of connection " + id + ", which its part did not number");
        return rank[id - 1];
    }

    private static AnalysisResult.Summary summary(Invocations.Final calls, Totals totals, Tracker tracker) {
        Double setupMs = null;
        long setupPackets = 0;
        if (totals.firstCallIndex >= 0) {
            setupPackets = totals.firstCallIndex;
            setupMs = (totals.firstCallNanos - tracker.firstTcpNanos()) / 1e6;
        }
        Double ratio = calls.measured() == 0 || calls.dataPackets() + calls.overheadPackets() == 0 ? null
                : (double) calls.dataPackets() / (calls.dataPackets() + calls.overheadPackets());
        Double perInvocation = calls.measured() == 0 ? null : (double) calls.overheadPackets() / calls.measured();
        return new AnalysisResult.Summary(tracker.tcpPackets(), setupMs, setupPackets, calls.measured(), calls.dataPackets(),
                calls.overheadPackets(), ratio, perInvocation);
    }
}
