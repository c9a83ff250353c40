package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult.ConnectionStats;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.AnalysisResult.PacketRow;
import io.wireanalyze.accounting.AnalysisResult.PhaseStats;
import io.wireanalyze.accounting.AnalysisResult.Summary;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.DetailColumn;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocols.ProtocolTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The reports' one schema: the fields of every record the JSON and CSV reports write, in order, with their key
 * and kind. Both reports iterate these lists, so their keys, order and number formats cannot drift apart; a
 * message's protocol-specific fields come after its columns, from its {@link io.wireanalyze.protocol.Details}.
 * Keys are an interface people script against: add, never rename.
 */
final class Schema {

    /** How a value is written: JSON keeps numbers numbers, CSV formats them; null is JSON null and an empty cell. */
    enum Kind {
        /** A whole number or a string, as it is. */
        PLAIN,
        /** Milliseconds with 3 decimals (microseconds). */
        MS,
        /** A ratio (0..1) with 4 decimals. */
        RATIO,
        /** A count per something with 3 decimals. */
        PER,
        /** An RMI hash as 16 hex digits: {@code 0x44154dc9d4e63bdf}. */
        HASH
    }

    /**
     * One field.
     *
     * @param omitWhenNull JSON leaves the key out when the value is null (CSV leaves the cell empty)
     * @param detail       for a message's detail column, its place in {@link ProtocolTable#COLUMNS} (what
     *                     {@link DetailValues} holds for it, the value {@code value} gives too); -1 for any other field
     * @param whole        for a field that is always a whole number (a primitive {@code int} or {@code long} of the
     *                     record), the same value unboxed, which the JSON report writes without a {@code Long} made
     *                     for it; else null
     */
    record Column<T>(String key, Kind kind, boolean omitWhenNull, Function<T, Object> value, int detail, ToLongFunction<T> whole) {
        Column(String key, Kind kind, boolean omitWhenNull, Function<T, Object> value, int detail) {
            this(key, kind, omitWhenNull, value, detail, null);
        }

        static <T> Column<T> of(String key, Function<T, Object> value) {
            return new Column<>(key, Kind.PLAIN, false, value, -1);
        }

        static <T> Column<T> of(String key, Kind kind, Function<T, Object> value) {
            return new Column<>(key, kind, false, value, -1);
        }

        static <T> Column<T> optional(String key, Kind kind, Function<T, Object> value) {
            return new Column<>(key, kind, true, value, -1);
        }

        /** A {@code long} field: {@code value} gives it as a {@code Long}, {@code whole} as it is. */
        static <T> Column<T> whole(String key, ToLongFunction<T> whole) {
            return new Column<>(key, Kind.PLAIN, false, r -> whole.applyAsLong(r), -1, whole);
        }

        /** An {@code int} field: {@code value} gives it as an {@code Integer} (as before), {@code whole} widened. */
        static <T> Column<T> wholeInt(String key, ToLongFunction<T> whole) {
            return new Column<>(key, Kind.PLAIN, false, r -> (int) whole.applyAsLong(r), -1, whole);
        }
    }

    static final List<Column<Summary>> SUMMARY = List.of(
            Column.of("packets", Summary::packets),
            Column.of("setupTimeMs", Kind.MS, Summary::setupTimeMs),
            Column.of("setupPackets", Summary::setupPackets),
            Column.of("invocations", Summary::invocations),
            Column.of("dataPackets", Summary::dataPackets),
            Column.of("overheadPackets", Summary::overheadPackets),
            Column.of("dataPacketRatio", Kind.RATIO, Summary::dataPacketRatio),
            Column.of("overheadPacketsPerInvocation", Kind.PER, Summary::overheadPacketsPerInvocation));

    /** A phase's figures (JSON: under the phase's name; CSV: after a {@code phase} column). */
    static final List<Column<PhaseStats>> PHASE = List.of(
            Column.of("packets", PhaseStats::packets),
            Column.of("wireBytes", PhaseStats::wireBytes),
            Column.of("payloadBytes", PhaseStats::payloadBytes),
            Column.of("elapsedMs", Kind.MS, PhaseStats::elapsedMs),
            Column.of("spanMs", Kind.MS, PhaseStats::spanMs),
            Column.of("retransmissions", PhaseStats::retransmissions));

    static final List<Column<ConnectionStats>> CONNECTION = List.of(
            Column.wholeInt("id", ConnectionStats::id),
            Column.of("client", ConnectionStats::client),
            Column.of("server", ConnectionStats::server),
            Column.of("protocol", ConnectionStats::protocol),
            Column.whole("packets", ConnectionStats::packets),
            Column.whole("wireBytes", ConnectionStats::wireBytes),
            Column.whole("payloadBytes", ConnectionStats::payloadBytes),
            Column.whole("c2sPayloadBytes", ConnectionStats::c2sPayloadBytes),
            Column.whole("s2cPayloadBytes", ConnectionStats::s2cPayloadBytes),
            Column.of("startMs", Kind.MS, ConnectionStats::startMs),
            Column.of("durationMs", Kind.MS, ConnectionStats::durationMs),
            Column.of("sawSyn", ConnectionStats::sawSyn),
            Column.whole("gapBytes", ConnectionStats::gapBytes),
            Column.wholeInt("messages", ConnectionStats::messages),
            Column.whole("conflictingBytes", ConnectionStats::conflictingBytes));

    /**
     * A message's shared fields; its protocol's details follow (JSON: their own keys; CSV: one {@code extra} cell).
     * Among them, each after the field it names, the columns a protocol's {@link io.wireanalyze.protocol.Details#columns}
     * fills ({@link ProtocolTable#COLUMNS}, such as JRMP's {@code op}, {@code leaseMs}, {@code objNum}): a message of
     * another protocol leaves them out.
     */
    static final List<Column<MessageRecord>> MESSAGE = messageColumns();

    private static List<Column<MessageRecord>> messageColumns() {
        List<Column<MessageRecord>> columns = new ArrayList<>(List.of(
                Column.of("frame", MessageRecord::frame),
                Column.of("lastFrame", MessageRecord::lastFrame),
                Column.wholeInt("connection", MessageRecord::connection),
                Column.of("direction", r -> r.message().direction().label()),
                Column.of("protocol", r -> r.message().protocol().label()),
                Column.of("type", r -> r.message().type().label()),
                Column.of("phase", r -> r.message().phase().label()),
                Column.optional("objId", Kind.PLAIN, r -> r.message().info().objId()),
                Column.optional("hash", Kind.HASH, r -> r.message().info().hash()),
                Column.optional("method", Kind.PLAIN, r -> r.message().info().method()),
                Column.optional("operation", Kind.PLAIN, r -> r.message().info().operation()),
                Column.optional("name", Kind.PLAIN, r -> r.message().info().name()),
                Column.of("timeMs", Kind.MS, MessageRecord::timeMs),
                Column.whole("offset", r -> r.message().offset()),
                Column.wholeInt("length", r -> r.message().length()),
                Column.wholeInt("dataLength", r -> r.message().dataLength()),
                Column.optional("requestId", Kind.PLAIN, r -> requestId(r.message())),
                Column.whole("packets", MessageRecord::packets)));
        for (int i = 0; i < ProtocolTable.COLUMNS.size(); i++) {
            DetailColumn d = ProtocolTable.COLUMNS.get(i);
            int after = 0;
            while (after < columns.size() && !columns.get(after).key().equals(d.after())) after++;
            if (after == columns.size())
                throw new IllegalStateException("detail column " + d.key() + ": no message field " + d.after() + " to follow");
            columns.add(after + 1, new Column<>(d.key(), Kind.PLAIN, true, r -> column(r, d.key()), i));
        }
        return List.copyOf(columns);
    }

    /**
     * A message's detail columns' values ({@link ProtocolTable#COLUMNS}' order) from one walk of its details, what
     * {@link Details#column} gives for each key: a report writing many messages takes them so rather than walking the
     * details once a column (and making a sink each time). One a thread: it is reused for each message.
     */
    static final class DetailValues implements Details.FieldSink {
        private static final String[] KEYS = ProtocolTable.COLUMNS.stream().map(DetailColumn::key).toArray(String[]::new);
        private final Object[] values = new Object[KEYS.length];

        /** The values of {@code details}' columns, null where it has none; valid until the next call. */
        Object[] of(Details details) {
            Arrays.fill(values, null);
            details.columns(this);
            return values;
        }

        @Override
        public void field(String key, Object value) {
            for (int i = 0; i < KEYS.length; i++) {
                if (KEYS[i].equals(key)) values[i] = value;
            }
        }
    }

    /** The message keys: a detail field with one of these names is written {@code extra.<key>}. */
    static final Set<String> MESSAGE_KEYS = MESSAGE.stream().map(Column::key).collect(Collectors.toUnmodifiableSet());

    /**
     * An invocation's figures, then its byte counts ({@link ProtocolTable#COUNTS}, under their keys): the outer
     * framing's before the legs' figures, where it has always been, every other count after them in the table's order.
     */
    static final List<Column<InvocationRecord>> INVOCATION = invocationColumns();

    private static List<Column<InvocationRecord>> invocationColumns() {
        List<Column<InvocationRecord>> columns = new ArrayList<>(List.of(
                Column.of("method", InvocationRecord::method),
                Column.optional("operation", Kind.PLAIN, InvocationRecord::operation),
                Column.whole("requestFrame", InvocationRecord::requestFrame),
                Column.of("replyFrame", InvocationRecord::replyFrame),
                Column.of("latencyMs", Kind.MS, InvocationRecord::latencyMs),
                Column.whole("packets", InvocationRecord::packets),
                Column.whole("dataPackets", InvocationRecord::dataPackets),
                Column.whole("overheadPackets", InvocationRecord::overheadPackets),
                Column.whole("requestBytes", InvocationRecord::requestBytes),
                Column.whole("replyBytes", InvocationRecord::replyBytes),
                Column.wholeInt("connection", InvocationRecord::connection),
                Column.of("warmup", InvocationRecord::warmup),
                Column.of("marker", InvocationRecord::marker),
                Column.optional("exception", Kind.PLAIN, InvocationRecord::exception),
                Column.wholeInt("fragments", InvocationRecord::fragments),
                count(ByteCount.FRAMING),
                Column.optional("legOf", Kind.PLAIN, InvocationRecord::legOf),
                Column.optional("legs", Kind.PLAIN, InvocationRecord::legs),
                Column.optional("legPackets", Kind.PLAIN, InvocationRecord::legPackets),
                Column.optional("legWireBytes", Kind.PLAIN, InvocationRecord::legWireBytes),
                Column.optional("legMs", Kind.MS, InvocationRecord::legMs)));
        for (ByteCount c : ProtocolTable.COUNTS) if (!c.equals(ByteCount.FRAMING)) columns.add(count(c));
        return List.copyOf(columns);
    }

    private static Column<InvocationRecord> count(ByteCount c) {
        return Column.optional(c.key(), Kind.PLAIN, r -> r.count(c));
    }

    static final List<Column<PacketRow>> PACKET = List.of(
            Column.of("frame", PacketRow::frame),
            Column.of("timeMs", Kind.MS, PacketRow::timeMs),
            Column.of("connection", PacketRow::connection),
            Column.of("direction", PacketRow::direction),
            Column.of("wireLength", PacketRow::wireLength),
            Column.of("payloadLength", PacketRow::payloadLength),
            Column.of("flags", PacketRow::flags),
            Column.of("phase", r -> r.phase().label()),
            Column.of("message", PacketRow::message),
            Column.of("data", PacketRow::data),
            Column.of("retransmission", PacketRow::retransmission));

    private Schema() {
    }

    static <T> String[] keys(List<Column<T>> columns) {
        return columns.stream().map(Column::key).toArray(String[]::new);
    }

    private static Object column(MessageRecord r, String key) {
        return r.message().info().details().column(key);
    }

    private static Long requestId(Message m) {
        return m.requestId() >= 0 ? m.requestId() : null;
    }
}
