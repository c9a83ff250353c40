package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpillTest {

    /** A key and the order it was added in: equal keys must come back in that order. */
    private record Item(int key, int added) {
    }

    private static final Spill.Codec<Item> ITEMS = new Spill.Codec<>() {
        @Override
        public void write(SpillOut out, Item v) {
            out.writeInt(v.key());
            out.writeInt(v.added());
        }

        @Override
        public Item read(SpillIn in) throws IOException {
            return new Item(in.readInt(), in.readInt());
        }
    };

    private static final Spill.Key<Item> BY_KEY = Spill.Key.of(Item::key);

    /**
     * A list read only in part, then closed, lets go of its runs' files at once (not when the collector gets to them),
     * and a reader that goes on after is told so rather than seeing the list end early.
     */
    @Test
    void aListReadInPartClosesItsRunsWhenItIsClosed(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        spillingInto(tmp, () -> {
            Spill<Item> spill = new Spill<>("items", ITEMS, BY_KEY, 1000);
            for (int i = 0; i < 5_500; i++) spill.add(new Item(i % 300, i));
            assertEquals(5, spill.runs());
            List<Item> sorted = spill.sorted();
            java.util.Iterator<Item> half = sorted.iterator();
            for (int i = 0; i < 2_000; i++) half.next();
            java.util.Iterator<Item> whole = sorted.iterator();
            while (whole.hasNext()) whole.next();
            assertEquals(5, openFilesUnder(tmp), "the part-read iterator's five runs");
            Spill.close(sorted);
            assertEquals(0, openFilesUnder(tmp));
            assertEquals(List.of(), runs(tmp));
            assertThrows(IllegalStateException.class, () -> { while (half.hasNext()) half.next(); });
        });
    }

    private interface Body {
        void run() throws IOException;
    }

    /** Runs {@code body} with spills writing their runs into {@code dir} (the system property), then restores it. */
    private static void spillingInto(Path dir, Body body) throws IOException {
        String before = System.getProperty("wireanalyze.spill.dir");
        System.setProperty("wireanalyze.spill.dir", dir.toString());
        try {
            body.run();
        } finally {
            if (before == null) System.clearProperty("wireanalyze.spill.dir");
            else System.setProperty("wireanalyze.spill.dir", before);
        }
    }

    /** This process's open files under {@code dir} (Linux: /proc/self/fd), deleted ones too. */
    private static long openFilesUnder(Path dir) throws IOException {
        long n = 0;
        try (var fds = java.nio.file.Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    if (java.nio.file.Files.readSymbolicLink(fd).toString().startsWith(dir.toString())) n++;
                } catch (IOException gone) {
                    // closed while listed
                }
            }
        }
        return n;
    }

    /** A key and a run of bytes of some length (past the 64 KiB a run's records are gathered in, some of them). */
    private record Blob(int key, byte[] bytes) {
    }

    private static final Spill.Codec<Blob> BLOBS = new Spill.Codec<>() {
        @Override
        public void write(SpillOut out, Blob v) {
            out.writeInt(v.key());
            out.writeInt(v.bytes().length);
            out.write(v.bytes(), 0, v.bytes().length);
        }

        @Override
        public Blob read(SpillIn in) throws IOException {
            int key = in.readInt();
            byte[] b = new byte[in.readInt()];
            in.readFully(b, 0, b.length);
            return new Blob(key, b);
        }
    };

    @Test
    void recordsOfEverySizeComeBackFromTheirRuns() {
        Random random = new Random(29);
        List<Blob> blobs = new ArrayList<>();
        Spill<Blob> spill = new Spill<>("blobs", BLOBS, Spill.Key.of(Blob::key), 40);
        for (int i = 0; i < 400; i++) {
            int length = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(16);
                case 1 -> 65_536 - 8 - random.nextInt(3);   // a record of about the gathering buffer's size
                case 2 -> 65_536 + random.nextInt(70_000);  // past it: written as it is
                default -> random.nextInt(9_000);
            };
            byte[] b = new byte[length];
            random.nextBytes(b);
            Blob blob = new Blob(random.nextInt(50), b);
            blobs.add(blob);
            spill.add(blob);
        }
        assertEquals(10, spill.runs());
        blobs.sort(Comparator.comparingInt(Blob::key));
        List<Blob> sorted = spill.sorted();
        assertEquals(blobs.size(), sorted.size());
        int i = 0;
        for (Blob b : sorted) {
            assertEquals(blobs.get(i).key(), b.key(), "record " + i);
            assertTrue(java.util.Arrays.equals(blobs.get(i).bytes(), b.bytes()), "record " + i + "'s bytes");
            i++;
        }
        Spill.close(sorted);
    }

    @Test
    void runsMergeIntoAStableSortAndCanBeReadAgain() {
        Random random = new Random(7);
        List<Item> items = new ArrayList<>();
        Spill<Item> spill = new Spill<>("items", ITEMS, BY_KEY, 1000);
        for (int i = 0; i < 10_500; i++) {
            Item it = new Item(random.nextInt(300), i);
            items.add(it);
            spill.add(it);
        }
        assertEquals(10, spill.runs());
        items.sort(Comparator.comparingInt(Item::key));   // List.sort is stable
        List<Item> sorted = spill.sorted();
        assertEquals(10, spill.runs());   // what was held joins the merge as it is, not as a run
        assertEquals(items.size(), sorted.size());
        assertEquals(items, new ArrayList<>(sorted));
        assertEquals(items, new ArrayList<>(sorted));   // a second read
        for (int i = 0; i < sorted.size(); i += 997) assertEquals(items.get(i), sorted.get(i));   // ascending get
        assertEquals(items.get(5), sorted.get(5));                                                  // and back
        assertThrows(IllegalStateException.class, () -> spill.add(new Item(1, 1)));
    }

    @Test
    void sortedListsMergeAsTheyAreReadWithEachOnesMapAsOneSpillWouldSortThem() {
        Random random = new Random(11);
        Comparator<Item> order = BY_KEY.comparator();
        List<Item> all = new ArrayList<>();
        List<List<Item>> lists = new ArrayList<>();
        List<java.util.function.UnaryOperator<Item>> maps = new ArrayList<>();
        for (int l = 0; l < 3; l++) {
            Spill<Item> spill = new Spill<>("items", ITEMS, BY_KEY, 700);   // the first two spill to files
            int shift = l;
            for (int i = 0; i < (l == 2 ? 500 : 2_000); i++) spill.add(new Item(random.nextInt(200), i));
            lists.add(spill.sorted());
            maps.add(it -> new Item(it.key() * 3 + shift % 2, it.added() + 10_000 * shift));   // monotone in the key
        }
        for (int l = 0; l < 3; l++) for (Item it : lists.get(l)) all.add(maps.get(l).apply(it));
        all.sort(order);   // stable: equal keys in list order, as one spill given the lists one after another
        List<Item> merged = Spill.merge(lists, maps, BY_KEY);
        assertEquals(4_500, merged.size());
        assertEquals(all, new ArrayList<>(merged));
        assertEquals(all, new ArrayList<>(merged));   // a second read
        for (int i = 0; i < merged.size(); i += 451) assertEquals(all.get(i), merged.get(i));
        Spill.close(merged);   // closes the lists: their files are gone
        assertThrows(IllegalStateException.class, () -> new ArrayList<>(lists.get(0)));
    }

    @Test
    void fewRecordsNeverTouchTheDisk() {
        Spill<Item> spill = new Spill<>("items", ITEMS, BY_KEY, 1000);
        for (int i = 0; i < 999; i++) spill.add(new Item(999 - i, i));
        assertEquals(1, spill.sorted().get(0).key());
        assertEquals(0, spill.runs());
    }

    /** Two items' order by a key of two longs, ties in the order added: as {@link List#sort} gives it. */
    private record Pair(long a, long b, int added) {
    }

    private static final Spill.Codec<Pair> PAIRS = new Spill.Codec<>() {
        @Override
        public void write(SpillOut out, Pair v) {
            out.writeLong(v.a());
            out.writeLong(v.b());
            out.writeInt(v.added());
        }

        @Override
        public Pair read(SpillIn in) throws IOException {
            return new Pair(in.readLong(), in.readLong(), in.readInt());
        }
    };

    @Test
    void aKeyOfTwoLongsSortsAsTheComparatorWouldHeldOrSpilledByCountOrByBytes() {
        Spill.Key<Pair> key = Spill.Key.of(Pair::a, Pair::b);
        Comparator<Pair> order = Comparator.comparingLong(Pair::a).thenComparingLong(Pair::b);
        Random random = new Random(3);
        List<Pair> items = new ArrayList<>();
        // negative longs and the extremes too: the key compares signed longs
        long[] values = {Long.MIN_VALUE, -5, -1, 0, 1, 2, 7, Long.MAX_VALUE};
        for (int i = 0; i < 7_000; i++) items.add(new Pair(values[random.nextInt(values.length)], random.nextInt(4) - 2, i));
        List<Pair> expected = new ArrayList<>(items);
        expected.sort(order);
        Spill<Pair> held = new Spill<>("pairs", PAIRS, key, 10_000);
        Spill<Pair> byCount = new Spill<>("pairs", PAIRS, key, 777);
        // 20 bytes a pair: the first 4,096 (Spill.OBJECTS) held as objects, then as bytes: 81,920, past the bound, a run;
        // then a run every 1,000 pairs
        Spill<Pair> byBytes = new Spill<>("pairs", PAIRS, key, 10_000, 20 * 1000);
        for (Pair p : items) {
            held.add(p);
            byCount.add(p);
            byBytes.add(p);
        }
        assertEquals(0, held.runs());
        assertEquals(9, byCount.runs());
        assertEquals(3, byBytes.runs());
        for (Spill<Pair> s : List.of(held, byCount, byBytes)) {
            List<Pair> sorted = s.sorted();
            assertEquals(expected, new ArrayList<>(sorted));
            assertEquals(expected.get(6_321), sorted.get(6_321));
            assertEquals(expected.get(12), sorted.get(12));
            Spill.close(sorted);
        }
        for (int i = 0; i + 1 < items.size(); i += 101) {
            assertEquals(Integer.signum(order.compare(items.get(i), items.get(i + 1))),
                    Integer.signum(key.comparator().compare(items.get(i), items.get(i + 1))));
        }
    }

    static List<Path> fixtures() throws IOException {
        return TestCaptures.fixtureCaptures();
    }

    /**
     * A message read back is the message spilled: the same record, its details the decoder's own record (the same
     * class, equal), so that spilled and live details are one type and whatever reads them reads the same.
     */
    @ParameterizedTest
    @MethodSource("fixtures")
    void messagesComeBackAsTheyWere(Path pcap) throws IOException {
        AnalysisResult r = Analyses.analyze(pcap, AnalysisOptions.defaults()
                .withProtocols(io.wireanalyze.protocols.ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap))));
        Codecs codecs = new Codecs();
        assertTrue(r.messages().size() > 0);
        for (MessageRecord m : r.messages()) {
            SpillOut bytes = new SpillOut();
            codecs.messages.write(bytes, new Codecs.Keyed<>(42, m, 7));
            Codecs.Keyed<MessageRecord> back = codecs.messages.read(in(bytes));
            assertEquals(42, back.seq());
            assertEquals(7, back.stamp());
            assertEquals(m, back.value(), pcap.toString());
            Details d = m.message().info().details(), e = back.value().message().info().details();
            assertSame(d.getClass(), e.getClass(), pcap + ": " + m.message());
            assertEquals(d.asMap(), e.asMap());
        }
        for (AnalysisResult.InvocationRecord i : r.invocations()) {
            SpillOut bytes = new SpillOut();
            codecs.finalInvocations.write(bytes, new Codecs.Keyed<>(3, i));
            assertEquals(i, codecs.finalInvocations.read(in(bytes)).value());
        }
        for (AnalysisResult.ConnectionStats c : r.connections()) {
            SpillOut bytes = new SpillOut();
            codecs.connections.write(bytes, c);
            assertEquals(c, codecs.connections.read(in(bytes)));
        }
    }

    /** Every kind of component, nested records and an empty one: read back through the frames, unboxed. */
    record Empty() {
    }

    /** An enum with a constant of a class of its own (a body): written by its enum's class, as a component and in a list. */
    enum Bodied {
        PLAIN,
        WITH_BODY {
            @Override
            public String toString() {
                return "with a body";
            }
        }
    }

    record Every(long j, int i, double d, boolean z, short s, byte b, float f, String text, Empty empty,
                 List<Every> nested, java.util.concurrent.TimeUnit unit, Long boxed, double nan, Integer boxedInt,
                 Bodied bodied, List<Bodied> bodies, Empty none) {
    }

    @Test
    void everyKindOfComponentComesBack() throws IOException {
        Codecs codecs = new Codecs();
        Every inner = new Every(-1L, 7, -0.0, false, (short) -3, (byte) 9, 1.5f, "é", new Empty(), List.of(), null, null, 0.1,
                null, Bodied.WITH_BODY, List.of(), null);
        Every outer = new Every(Long.MIN_VALUE, Integer.MAX_VALUE, Double.MAX_VALUE, true, Short.MIN_VALUE, Byte.MAX_VALUE,
                -2.25f, "x".repeat(5000), new Empty(), List.of(inner, inner), java.util.concurrent.TimeUnit.SECONDS, 5L, Double.NaN,
                Integer.MIN_VALUE, Bodied.PLAIN, List.of(Bodied.WITH_BODY, Bodied.PLAIN), new Empty());
        @SuppressWarnings("rawtypes")
        Spill.Codec<Codecs.Keyed> keyed = codecs.codec(Codecs.Keyed.class);   // the generic walk, as every other record class has
        for (int round = 0; round < 3; round++) {   // the frames are reused from the second round on
            SpillOut bytes = new SpillOut();
            codecs.messages.write(bytes, new Codecs.Keyed<>(round, (MessageRecord) null, -round));
            keyed.write(bytes, new Codecs.Keyed<>(9, outer, 1));
            SpillIn in = in(bytes);
            Codecs.Keyed<MessageRecord> first = codecs.messages.read(in);
            assertEquals(round, first.seq());
            assertEquals(-round, first.stamp());
            assertEquals(null, first.value());
            Object back = keyed.read(in).value();
            assertEquals(outer, back);
            assertEquals(-0.0, ((Every) ((Every) back).nested().get(1)).d());
            assertSame(Bodied.WITH_BODY, ((Every) back).nested().get(0).bodied());
            assertSame(Bodied.WITH_BODY, ((Every) back).bodies().get(0));
            assertTrue(in.atEnd());
        }
    }

    /**
     * The messages' own codec: every part of a message record that may be null comes back null, -0.0 comes back as
     * itself, and an enum's ordinal out of range is refused with the enum named.
     */
    @Test
    void aMessageRecordsNullsComeBackAndAnOrdinalOutOfRangeIsRefused() throws IOException {
        Codecs codecs = new Codecs();
        MessageRecord bare = new MessageRecord(null, null, null, 2, new Message(null, null, null, null, 3, 4, 5, 6, null, -1, null), 9);
        MessageRecord noMessage = new MessageRecord(5L, 6L, -0.0, 1, null, 0);
        SpillOut bytes = new SpillOut();
        codecs.messages.write(bytes, new Codecs.Keyed<>(1, bare, 2));
        codecs.messages.write(bytes, new Codecs.Keyed<>(3, noMessage, 4));
        SpillIn in = in(bytes);
        Codecs.Keyed<MessageRecord> first = codecs.messages.read(in), second = codecs.messages.read(in);
        assertEquals(bare, first.value());
        assertEquals(List.of(1L, 2L, 3L, 4L), List.of(first.seq(), first.stamp(), second.seq(), second.stamp()));
        assertEquals(noMessage, second.value());
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(second.value().timeMs()));
        assertTrue(in.atEnd());

        Message m = new Message(new io.wireanalyze.protocol.ProtocolName("x"), io.wireanalyze.protocol.MessageType.UNPARSED,
                io.wireanalyze.phase.Phase.UNPARSED, io.wireanalyze.tcp.Direction.C2S, 0, 1, 0, 1,
                io.wireanalyze.protocol.Role.NONE, -1, io.wireanalyze.protocol.MessageInfo.EMPTY);
        SpillOut one = new SpillOut();
        codecs.messages.write(one, new Codecs.Keyed<>(1, new MessageRecord(1L, 1L, 0.0, 1, m, 1), 2));
        byte[] b = one.toByteArray();
        // seq, stamp, the record's byte, three optional numbers, connection, packets, the message's byte (57 bytes);
        // the protocol's byte and its label "x" (tag, length, byte); the type (tag, class, ordinal): the phase at 69
        int phaseAt = 57 + 6 + 1 + 5;
        assertEquals(io.wireanalyze.phase.Phase.UNPARSED.ordinal() + 1, b[phaseAt]);
        b[phaseAt] = 100;
        IOException e = assertThrows(IOException.class, () -> codecs.messages.read(new SpillIn(b, 0, b.length)));
        assertTrue(e.getMessage().contains("spilled message: Phase 99 (expected: 0 to "), e.getMessage());
    }

    /**
     * The invocations' own codecs: an invocation before the settle step and after it come back with their nulls (a
     * call without a reply, without legs), their legs and counts, and each of the three values of its warm-up flag.
     */
    @Test
    void invocationsComeBackWithTheirNullsLegsAndCounts() throws IOException {
        Codecs codecs = new Codecs();
        var plain = new AnalysisResult.InvocationRecord(3, null, 7, null, null, 1, 2, 3, 4, 5, false, true, null, 0);
        var legged = new AnalysisResult.InvocationRecord(4, "m(int)", 9, 10L, -0.0, 6, 7, 8, 9, 10, true, false, "E", 2, 11L, 3,
                12L, 13L, 1.5, "m", java.util.Map.of("framing", 1L, "values", 2L));
        var wants = new io.wireanalyze.protocol.FactRef("stub", "k", "f", 1, 2, "#");
        List<PendingInvocation> pending = new ArrayList<>();
        for (Boolean warmup : java.util.Arrays.asList(null, true, false)) {
            pending.add(new PendingInvocation(legged, 5, warmup, 6, "call", 7, 8, 9, 10, true, 11, 12, 13.5, "c", null, wants, 14));
            pending.add(new PendingInvocation(plain, -1, warmup, 0, null, 0, 0, 0, 0, false, 0, 0, Double.NaN, null, "s", null, 0));
        }
        SpillOut bytes = new SpillOut();
        for (PendingInvocation p : pending) codecs.invocations.write(bytes, p);
        codecs.finalInvocations.write(bytes, new Codecs.Keyed<>(1, plain, 2));
        codecs.finalInvocations.write(bytes, new Codecs.Keyed<>(3, legged, 4));
        codecs.finalInvocations.write(bytes, new Codecs.Keyed<>(5, (AnalysisResult.InvocationRecord) null, 6));
        SpillIn in = in(bytes);
        for (PendingInvocation p : pending) assertEquals(p, codecs.invocations.read(in));
        assertEquals(new Codecs.Keyed<>(1, plain, 2), codecs.finalInvocations.read(in));
        Codecs.Keyed<AnalysisResult.InvocationRecord> back = codecs.finalInvocations.read(in);
        assertEquals(new Codecs.Keyed<>(3, legged, 4), back);
        assertEquals(List.of("framing", "values"), List.copyOf(new java.util.TreeMap<>(back.value().counts()).keySet()));
        assertEquals(new Codecs.Keyed<>(5, (AnalysisResult.InvocationRecord) null, 6), codecs.finalInvocations.read(in));
        assertTrue(in.atEnd());
    }

    /** A component whose value tag is not its type's is refused with the record's class and the component named. */
    @Test
    void aComponentOfTheWrongTypeIsRefused() throws IOException {
        Codecs codecs = new Codecs();
        SpillOut bytes = new SpillOut();
        codecs.connections.write(bytes, new AnalysisResult.ConnectionStats(1, "a", "b", "jrmp", 0, 0, 0, 0, 0, 0, 0, false, 0, 0, 0));
        byte[] b = bytes.toByteArray();
        b[3] = 2;   // the id's INT tag (after RECORD and its class index) now says LONG
        IOException e = assertThrows(IOException.class, () -> codecs.connections.read(new SpillIn(b, 0, b.length)));
        assertTrue(e.getMessage().contains("ConnectionStats again: component 0 has value tag 2"), e.getMessage());
    }

    /** What is not made of records, enums, strings, numbers, booleans and lists is refused with its class named. */
    @Test
    void whatCannotComeBackIsRefused() {
        Codecs codecs = new Codecs();
        var odd = new AnalysisResult.ConnectionStats(1, "a", "b", "jrmp", 0, 0, 0, 0, 0, 0, 0, false, 0, 0, 0);
        assertEquals(odd, roundTrip(codecs, odd));
        Details notARecord = out -> out.field("k", "v");
        Message m = new Message(new io.wireanalyze.protocol.ProtocolName("x"), io.wireanalyze.protocol.MessageType.UNPARSED,
                io.wireanalyze.phase.Phase.UNPARSED, io.wireanalyze.tcp.Direction.C2S, 0, 1, 0, 1,
                io.wireanalyze.protocol.Role.NONE, -1, io.wireanalyze.protocol.MessageInfo.of(notARecord));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> codecs.messages.write(
                new SpillOut(), new Codecs.Keyed<>(1, new MessageRecord(1L, 1L, 0.0, 1, m, 1))));
        assertTrue(e.getMessage().contains("SpillTest"), e.getMessage());
    }

    /**
     * Every string comes back as it was: ASCII, other letters, a lone surrogate (a decoded name can hold one; UTF-8
     * cannot write it), and strings longer than a run's read buffer, from memory and from a run's file.
     */
    @Test
    void everyStringComesBackAsItWas() throws IOException {
        Codecs codecs = new Codecs();
        List<String> strings = List.of("", "plain", "é", "\ud800chService", "a\udfffb\ud83d\ude00", "x".repeat(70_000),
                "é\ud800".repeat(40_000));
        List<AnalysisResult.ConnectionStats> all = new ArrayList<>();
        for (int i = 0; i < strings.size(); i++) {
            all.add(new AnalysisResult.ConnectionStats(i, strings.get(i), strings.get(strings.size() - 1 - i), "p", 0, 0, 0, 0, 0, 0, 0,
                    false, 0, 0, 0));
        }
        for (AnalysisResult.ConnectionStats c : all) assertEquals(c, roundTrip(codecs, c));
        Spill<AnalysisResult.ConnectionStats> spilled = new Spill<>("connections", codecs.connections, RecordSpills.CONNECTION_KEY, 2);
        for (AnalysisResult.ConnectionStats c : all) spilled.add(c);
        assertEquals(3, spilled.runs());
        List<AnalysisResult.ConnectionStats> back = spilled.sorted();
        assertEquals(all, new ArrayList<>(back));
        Spill.close(back);
    }

    /** What {@code out} holds, to read back. */
    private static SpillIn in(SpillOut out) {
        return new SpillIn(out.bytes(), 0, out.size());
    }

    private static AnalysisResult.ConnectionStats roundTrip(Codecs codecs, AnalysisResult.ConnectionStats c) {
        try {
            SpillOut bytes = new SpillOut();
            codecs.connections.write(bytes, c);
            return codecs.connections.read(in(bytes));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * An analysis that spilled every record (a bound of one) keeps its runs while it is read, and none once closed:
     * the invocations it settled went when they were read, the rest when the result closed; not at the JVM's exit.
     */
    @Test
    void aClosedAnalysisLeavesNoTemporaryFile(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Path pcap = TestCaptures.fixture("jrmp/lookup-then-invoke.pcap");
        var frames = TestCaptures.frames(pcap);
        spillingInto(tmp, () -> {
            AnalysisResult r = Analyzer.analyze(() -> TestCaptures.source("lookup-then-invoke", frames),
                    AnalysisOptions.defaults().withKeepPackets(true), f -> { }, 1);
            List<Path> runs = runs(tmp);
            assertTrue(runs.stream().anyMatch(p -> p.getFileName().toString().startsWith("wireanalyze-messages-")), runs.toString());
            assertTrue(runs.stream().anyMatch(p -> p.getFileName().toString().startsWith("wireanalyze-packets-")), runs.toString());
            int messages = r.messages().size();
            assertEquals(messages, new ArrayList<>(r.messages()).size());
            assertTrue(r.invocations().size() > 0);
            r.close();
            assertEquals(List.of(), runs(tmp));
            assertThrows(IllegalStateException.class, () -> r.messages().iterator());
            r.close();   // twice: nothing more to do
        });
    }

    private static List<Path> runs(Path dir) throws IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
