package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.protocol.DetailColumn;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocols.ProtocolTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemaTest {

    static List<Path> everyCapture() throws IOException {
        return io.wireanalyze.testing.TestCaptures.everyCapture();
    }

    /**
     * The JSON report takes a message's detail columns from one walk of its details ({@link Schema.DetailValues}):
     * for every message of every capture the tests know, what {@link Details#column} gives for each key, and what the
     * schema's own column gives.
     */
    @ParameterizedTest
    @MethodSource("everyCapture")
    void aMessagesDetailColumnsTakenInOneWalkAreWhatEachColumnGives(Path pcap) throws IOException {
        Schema.DetailValues values = new Schema.DetailValues();
        List<Schema.Column<MessageRecord>> detailColumns = Schema.MESSAGE.stream().filter(c -> c.detail() >= 0).toList();
        assertEquals(ProtocolTable.COLUMNS.stream().map(DetailColumn::key).toList(), detailColumns.stream()
                .sorted(java.util.Comparator.comparingInt(Schema.Column::detail)).map(Schema.Column::key).toList());
        int withColumns = 0;
        try (AnalysisResult r = io.wireanalyze.fixtures.Fixtures.analyze(pcap)) {
            for (MessageRecord m : r.messages()) {
                Details d = m.message().info().details();
                Object[] expected = ProtocolTable.COLUMNS.stream().map(c -> d.column(c.key())).toArray();
                assertArrayEquals(expected, values.of(d), pcap + ", frame " + m.frame());
                for (Schema.Column<MessageRecord> c : detailColumns) assertEquals(c.value().apply(m), expected[c.detail()]);
                for (Object v : expected) if (v != null) withColumns++;
            }
        }
        if (pcap.toString().contains("jrmp")) assertTrue(withColumns > 0, pcap + ": no JRMP detail column at all");
    }
}
