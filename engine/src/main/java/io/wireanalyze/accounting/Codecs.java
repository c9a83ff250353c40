package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.tcp.Direction;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an analysis' records go to a {@link Spill} and come back. A message's protocol details come back as
 * {@link StoredDetails}: the fields, exception, note and byte counts the reports read, not the decoder's own record.
 * Message types, protocol names and detail keys are few: each is written as an index into a table this instance keeps.
 */
final class Codecs {

    private static final Phase[] PHASES = Phase.values();
    private static final Direction[] DIRECTIONS = Direction.values();
    private static final Role[] ROLES = Role.values();

    private final Map<MessageType, Integer> typeIndex = new IdentityHashMap<>();
    private final List<MessageType> types = new ArrayList<>();
    private final Map<ProtocolName, Integer> protocolIndex = new HashMap<>();
    private final List<ProtocolName> protocols = new ArrayList<>();
    private final Map<String, Integer> keyIndex = new HashMap<>();
    private final List<String> keys = new ArrayList<>();

    final Spill.Codec<AnalysisResult.ConnectionStats> connections = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, AnalysisResult.ConnectionStats c) throws IOException {
            out.writeInt(c.id());
            string(out, c.client());
            string(out, c.server());
            string(out, c.protocol());
            out.writeLong(c.packets());
            out.writeLong(c.wireBytes());
            out.writeLong(c.payloadBytes());
            out.writeLong(c.c2sPayloadBytes());
            out.writeLong(c.s2cPayloadBytes());
            out.writeDouble(c.startMs());
            out.writeDouble(c.durationMs());
            out.writeBoolean(c.sawSyn());
            out.writeLong(c.gapBytes());
            out.writeInt(c.messages());
            out.writeLong(c.conflictingBytes());
        }

        @Override
        public AnalysisResult.ConnectionStats read(DataInputStream in) throws IOException {
            return new AnalysisResult.ConnectionStats(in.readInt(), string(in), string(in), string(in), in.readLong(),
                    in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readDouble(), in.readDouble(),
                    in.readBoolean(), in.readLong(), in.readInt(), in.readLong());
        }
    };

    final Spill.Codec<AnalysisResult.PacketRow> packets = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, AnalysisResult.PacketRow p) throws IOException {
            out.writeLong(p.frame());
            out.writeDouble(p.timeMs());
            out.writeInt(p.connection());
            string(out, p.direction());
            out.writeInt(p.wireLength());
            out.writeInt(p.payloadLength());
            string(out, p.flags());
            out.writeByte(p.phase().ordinal());
            string(out, p.message());
            out.writeBoolean(p.data());
            out.writeBoolean(p.retransmission());
        }

        @Override
        public AnalysisResult.PacketRow read(DataInputStream in) throws IOException {
            return new AnalysisResult.PacketRow(in.readLong(), in.readDouble(), in.readInt(), string(in), in.readInt(),
                    in.readInt(), string(in), PHASES[in.readByte()], string(in), in.readBoolean(), in.readBoolean());
        }
    };

    final Spill.Codec<Keyed<MessageRecord>> messages = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, Keyed<MessageRecord> k) throws IOException {
            out.writeLong(k.seq());
            MessageRecord r = k.value();
            boxed(out, r.frame());
            boxed(out, r.lastFrame());
            boxed(out, r.timeMs());
            out.writeInt(r.connection());
            out.writeLong(r.packets());
            message(out, r.message());
            out.writeLong(k.stamp());
        }

        @Override
        public Keyed<MessageRecord> read(DataInputStream in) throws IOException {
            long seq = in.readLong();
            Long frame = (Long) boxed(in), lastFrame = (Long) boxed(in);
            Double timeMs = (Double) boxed(in);
            int connection = in.readInt();
            long packets = in.readLong();
            MessageRecord record = new MessageRecord(frame, lastFrame, timeMs, connection, message(in), packets);
            return new Keyed<>(seq, record, in.readLong());
        }
    };

    final Spill.Codec<PendingInvocation> invocations = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, PendingInvocation p) throws IOException {
            invocation(out, p.record());
            out.writeLong(p.seq());
            out.writeByte(p.warmup() == null ? 2 : p.warmup() ? 1 : 0);
            out.writeLong(p.requestFirstNanos());
            string(out, p.call());
            out.writeLong(p.startNanos());
            out.writeLong(p.replyStartNanos());
            out.writeLong(p.endNanos());
            out.writeLong(p.wireBytes());
            out.writeBoolean(p.aloneOnItsConnection());
            out.writeLong(p.connectionPackets());
            out.writeLong(p.connectionWireBytes());
            out.writeDouble(p.connectionMs());
            string(out, p.clientHost());
            string(out, p.serverHost());
            factRef(out, p.wants());
            out.writeLong(p.stamp());
        }

        @Override
        public PendingInvocation read(DataInputStream in) throws IOException {
            AnalysisResult.InvocationRecord r = invocation(in);
            long seq = in.readLong();
            int w = in.readByte();
            return new PendingInvocation(r, seq, w == 2 ? null : w == 1, in.readLong(), string(in),
                    in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readBoolean(), in.readLong(),
                    in.readLong(), in.readDouble(), string(in), string(in), factRef(in), in.readLong());
        }
    };

    final Spill.Codec<Keyed<AnalysisResult.InvocationRecord>> finalInvocations = new Spill.Codec<>() {
        @Override
        public void write(DataOutputStream out, Keyed<AnalysisResult.InvocationRecord> k) throws IOException {
            out.writeLong(k.seq());
            invocation(out, k.value());
        }

        @Override
        public Keyed<AnalysisResult.InvocationRecord> read(DataInputStream in) throws IOException {
            long seq = in.readLong();
            return new Keyed<>(seq, invocation(in));
        }
    };

    /**
     * A record with what orders it after its sort key: its connection's id and its place there, in one long; and its
     * place in the capture, for what facts of other connections it wants (a message's {@link Details#wants()}).
     */
    record Keyed<T>(long seq, T value, long stamp) {
        Keyed(long seq, T value) {
            this(seq, value, 0);
        }
    }

    private static void factRef(DataOutputStream out, io.wireanalyze.protocol.FactRef r) throws IOException {
        out.writeBoolean(r != null);
        if (r == null) return;
        string(out, r.kind());
        string(out, r.key());
        string(out, r.field());
        out.writeInt(r.position());
        out.writeInt(r.methodAt());
        string(out, r.methodJoin());
    }

    private static io.wireanalyze.protocol.FactRef factRef(DataInputStream in) throws IOException {
        if (!in.readBoolean()) return null;
        return new io.wireanalyze.protocol.FactRef(string(in), string(in), string(in), in.readInt(), in.readInt(), string(in));
    }

    private static void invocation(DataOutputStream out, AnalysisResult.InvocationRecord r) throws IOException {
        out.writeInt(r.connection());
        string(out, r.method());
        out.writeLong(r.requestFrame());
        boxed(out, r.replyFrame());
        boxed(out, r.latencyMs());
        out.writeLong(r.packets());
        out.writeLong(r.dataPackets());
        out.writeLong(r.overheadPackets());
        out.writeLong(r.requestBytes());
        out.writeLong(r.replyBytes());
        out.writeBoolean(r.warmup());
        out.writeBoolean(r.marker());
        string(out, r.exception());
        out.writeInt(r.fragments());
        boxed(out, r.framingBytes());
        boxed(out, r.legOf());
        boxed(out, r.legs());
        boxed(out, r.legPackets());
        boxed(out, r.legWireBytes());
        boxed(out, r.legMs());
        boxed(out, r.valueBytes());
        boxed(out, r.securityBytes());
    }

    private static AnalysisResult.InvocationRecord invocation(DataInputStream in) throws IOException {
        return new AnalysisResult.InvocationRecord(in.readInt(), string(in), in.readLong(), (Long) boxed(in),
                (Double) boxed(in), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readBoolean(), in.readBoolean(), string(in), in.readInt(), (Long) boxed(in), (Long) boxed(in),
                (Integer) boxed(in), (Long) boxed(in), (Long) boxed(in), (Double) boxed(in), (Long) boxed(in),
                (Long) boxed(in));
    }

    private void message(DataOutputStream out, Message m) throws IOException {
        out.writeShort(index(protocolIndex, protocols, m.protocol()));
        out.writeShort(index(typeIndex, types, m.type()));
        out.writeByte(m.phase().ordinal());
        out.writeByte(m.direction().ordinal());
        out.writeLong(m.offset());
        out.writeInt(m.length());
        out.writeLong(m.dataOffset());
        out.writeInt(m.dataLength());
        out.writeByte(m.role().ordinal());
        out.writeLong(m.requestId());
        MessageInfo i = m.info();
        string(out, i.objId());
        boxed(out, i.objNum());
        boxed(out, i.op());
        boxed(out, i.hash());
        string(out, i.method());
        string(out, i.name());
        boxed(out, i.leaseMs());
        Details d = i.details();
        List<String> keys = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        d.fields((k, v) -> {
            keys.add(k);
            values.add(v);
        });
        out.writeInt(keys.size());
        for (int j = 0; j < keys.size(); j++) {
            key(out, keys.get(j));
            boxed(out, values.get(j));
        }
        string(out, d.exception());
        string(out, d.note());
        out.writeLong(d.framingBytes());
        boxed(out, d.valueBytes());
        boxed(out, d.securityBytes());
        List<String> returned = d.returned();
        out.writeInt(returned.size());
        for (String s : returned) string(out, s);
        factRef(out, d.wants());
    }

    private Message message(DataInputStream in) throws IOException {
        ProtocolName protocol = protocols.get(in.readShort());
        MessageType type = types.get(in.readShort());
        Phase phase = PHASES[in.readByte()];
        Direction direction = DIRECTIONS[in.readByte()];
        long offset = in.readLong();
        int length = in.readInt();
        long dataOffset = in.readLong();
        int dataLength = in.readInt();
        Role role = ROLES[in.readByte()];
        long requestId = in.readLong();
        String objId = string(in);
        Long objNum = (Long) boxed(in);
        Integer op = (Integer) boxed(in);
        Long hash = (Long) boxed(in);
        String method = string(in), name = string(in);
        Long leaseMs = (Long) boxed(in);
        int n = in.readInt();
        List<String> keys = new ArrayList<>(n);
        List<Object> values = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            keys.add(key(in));
            values.add(boxed(in));
        }
        String exception = string(in), note = string(in);
        long framing = in.readLong();
        Long valueBytes = (Long) boxed(in), securityBytes = (Long) boxed(in);
        int r = in.readInt();
        List<String> returned = new ArrayList<>(r);
        for (int j = 0; j < r; j++) returned.add(string(in));
        Details details = new StoredDetails(keys, values, exception, note, framing, valueBytes, securityBytes, returned, factRef(in));
        return new Message(protocol, type, phase, direction, offset, length, dataOffset, dataLength, role, requestId,
                new MessageInfo(objId, objNum, op, hash, method, name, leaseMs, details));
    }

    /** A detail key: its index in the table, or -1 and the key when the table is full. */
    private void key(DataOutputStream out, String key) throws IOException {
        Integer i = keyIndex.get(key);
        if (i == null && keys.size() <= Short.MAX_VALUE) {
            i = keys.size();
            keys.add(key);
            keyIndex.put(key, i);
        }
        out.writeShort(i == null ? -1 : i);
        if (i == null) string(out, key);
    }

    private String key(DataInputStream in) throws IOException {
        int i = in.readShort();
        return i < 0 ? string(in) : keys.get(i);
    }

    private static <V> int index(Map<V, Integer> index, List<V> table, V v) {
        Integer i = index.get(v);
        if (i == null) {
            i = table.size();
            if (i > Short.MAX_VALUE) throw new IllegalStateException("more than " + Short.MAX_VALUE + " distinct " + v.getClass().getSimpleName() + "s to spill");
            table.add(v);
            index.put(v, i);
        }
        return i;
    }

    /** A message's details as the reports read them, after a spill. */
    record StoredDetails(List<String> keys, List<Object> values, String exception, String note, long framingBytes,
                         Long valueBytes, Long securityBytes, List<String> returned, io.wireanalyze.protocol.FactRef wants)
            implements Details {
        @Override
        public void fields(FieldSink out) {
            for (int i = 0; i < keys.size(); i++) out.field(keys.get(i), values.get(i));
        }

        /** The field the fact fills, in its place: replaced where the decoder wrote one, else put where it would be. */
        @Override
        public Details supplied(io.wireanalyze.protocol.FactRef ref, String value) {
            List<String> k = new ArrayList<>(keys);
            List<Object> v = new ArrayList<>(values);
            int at = k.indexOf(ref.field());
            if (at >= 0) {
                v.set(at, value);
            } else {
                at = Math.min(ref.position(), k.size());
                k.add(at, ref.field());
                v.add(at, value);
            }
            return new StoredDetails(k, v, exception, note, framingBytes, valueBytes, securityBytes, returned, null);
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) return null;
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static final int NULL = 0, STRING = 1, LONG = 2, INT = 3, SHORT = 4, BYTE = 5, DOUBLE = 6, FLOAT = 7,
            BOOLEAN = 8, LIST = 9, MAP = 10;

    /** Null, strings, numbers, booleans, collections (as lists) and maps; anything else as its string form. */
    private static void boxed(DataOutputStream out, Object v) throws IOException {
        if (v == null) {
            out.writeByte(NULL);
        } else if (v instanceof String s) {
            out.writeByte(STRING);
            string(out, s);
        } else if (v instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (v instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (v instanceof Short s) {
            out.writeByte(SHORT);
            out.writeShort(s);
        } else if (v instanceof Byte b) {
            out.writeByte(BYTE);
            out.writeByte(b);
        } else if (v instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof Float f) {
            out.writeByte(FLOAT);
            out.writeFloat(f);
        } else if (v instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(b);
        } else if (v instanceof Collection<?> c) {
            out.writeByte(LIST);
            out.writeInt(c.size());
            for (Object o : c) boxed(out, o);
        } else if (v instanceof Map<?, ?> m) {
            out.writeByte(MAP);
            out.writeInt(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                string(out, String.valueOf(e.getKey()));
                boxed(out, e.getValue());
            }
        } else {
            out.writeByte(STRING);
            string(out, v.toString());
        }
    }

    private static Object boxed(DataInputStream in) throws IOException {
        int tag = in.readByte();
        return switch (tag) {
            case NULL -> null;
            case STRING -> string(in);
            case LONG -> in.readLong();
            case INT -> in.readInt();
            case SHORT -> in.readShort();
            case BYTE -> in.readByte();
            case DOUBLE -> in.readDouble();
            case FLOAT -> in.readFloat();
            case BOOLEAN -> in.readBoolean();
            case LIST -> {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) list.add(boxed(in));
                yield list;
            }
            case MAP -> {
                int n = in.readInt();
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) map.put(string(in), boxed(in));
                yield map;
            }
            default -> throw new IOException("spilled record: unknown value tag " + tag);
        };
    }
}
