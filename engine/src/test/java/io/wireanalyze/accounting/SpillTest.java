package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpillTest {

    /** A key and the order it was added in: equal keys must come back in that order. */
    private record Item(int key, int added) {
    }

    private static final Spill.Codec<Item> ITEMS = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, Item v) throws IOException {
            out.writeInt(v.key());
            out.writeInt(v.added());
        }

        @Override
        public Item read(DataInputStream in) throws IOException {
            return new Item(in.readInt(), in.readInt());
        }
    };

    @Test
    void runsMergeIntoAStableSortAndCanBeReadAgain() {
        Random random = new Random(7);
        List<Item> items = new ArrayList<>();
        Spill<Item> spill = new Spill<>("items", ITEMS, Comparator.comparingInt(Item::key), 1000);
        for (int i = 0; i < 10_500; i++) {
            Item it = new Item(random.nextInt(300), i);
            items.add(it);
            spill.add(it);
        }
        assertEquals(10, spill.runs());
        items.sort(Comparator.comparingInt(Item::key));   // List.sort is stable
        List<Item> sorted = spill.sorted();
        assertEquals(11, spill.runs());
        assertEquals(items.size(), sorted.size());
        assertEquals(items, new ArrayList<>(sorted));
        assertEquals(items, new ArrayList<>(sorted));   // a second read
        for (int i = 0; i < sorted.size(); i += 997) assertEquals(items.get(i), sorted.get(i));   // ascending get
        assertEquals(items.get(5), sorted.get(5));                                                  // and back
        assertThrows(IllegalStateException.class, () -> spill.add(new Item(1, 1)));
    }

    @Test
    void fewRecordsNeverTouchTheDisk() {
        Spill<Item> spill = new Spill<>("items", ITEMS, Comparator.comparingInt(Item::key), 1000);
        for (int i = 0; i < 999; i++) spill.add(new Item(999 - i, i));
        assertEquals(1, spill.sorted().get(0).key());
        assertEquals(0, spill.runs());
    }

    static List<Path> fixtures() throws IOException {
        return TestCaptures.fixtureCaptures();
    }

    /** A message read back has what every report reads of it: its fields, its details' fields, exception, note... */
    @ParameterizedTest
    @MethodSource("fixtures")
    void messagesComeBackWithWhatTheReportsRead(Path pcap) throws IOException {
        AnalysisResult r = Analyses.analyze(pcap, AnalysisOptions.defaults()
                .withProtocols(io.wireanalyze.protocols.ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap))));
        Codecs codecs = new Codecs();
        assertTrue(r.messages().size() > 0);
        for (MessageRecord m : r.messages()) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            codecs.messages.write(new DataOutputStream(bytes), new Codecs.Keyed<>(42, m));
            Codecs.Keyed<MessageRecord> back = codecs.messages.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
            assertEquals(42, back.seq());
            MessageRecord b = back.value();
            assertEquals(m.frame(), b.frame());
            assertEquals(m.lastFrame(), b.lastFrame());
            assertEquals(m.timeMs(), b.timeMs());
            assertEquals(m.connection(), b.connection());
            assertEquals(m.packets(), b.packets());
            Message x = m.message(), y = b.message();
            assertEquals(x.withInfo(x.info().withDetails(Details.NONE)), y.withInfo(y.info().withDetails(Details.NONE)));
            Details d = x.info().details(), e = y.info().details();
            assertEquals(d.asMap(), e.asMap(), pcap + ": " + x);
            assertEquals(d.exception(), e.exception());
            assertEquals(d.note(), e.note());
            assertEquals(d.framingBytes(), e.framingBytes());
            assertEquals(d.valueBytes(), e.valueBytes());
            assertEquals(d.securityBytes(), e.securityBytes());
            assertEquals(d.returned(), e.returned());
        }
    }
}
