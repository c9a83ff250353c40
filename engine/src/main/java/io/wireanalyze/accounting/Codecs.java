package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.tcp.Direction;

import java.io.IOException;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How an analysis' records go to a {@link Spill} and come back: as what they were. Every record an analysis spills
 * (its rows, its messages with their protocols' details) is a Java record of records, enums, strings, numbers,
 * booleans and lists; one codec writes any of them component by component and reads it back through its canonical
 * constructor. The most numerous, the messages and the invocations, have codecs of their own ({@link Messages},
 * {@link Pending}, {@link Settled}) that write the engine's own records field by field and hand the rest (a message's
 * details, strings) to the generic walk. A protocol's details come back as its own record, the type the decoder
 * made: a protocol stores its details by declaring them, nothing here names one. Record and enum classes are written
 * as an index into a table this instance keeps (a spill is read back by the analysis that wrote it).
 */
final class Codecs {

    final Spill.Codec<AnalysisResult.ConnectionStats> connections = codec(AnalysisResult.ConnectionStats.class);
    final Spill.Codec<AnalysisResult.PacketRow> packets = codec(AnalysisResult.PacketRow.class);
    final Spill.Codec<Keyed<MessageRecord>> messages = new Messages();
    final Spill.Codec<PendingInvocation> invocations = new Pending();
    final Spill.Codec<Keyed<AnalysisResult.InvocationRecord>> finalInvocations = new Settled();

    /**
     * A record with what orders it after its sort key: its connection's id and its place there, in one long; and its
     * place in the capture, for what facts of other connections it wants (a message's {@link Details#wants()}).
     */
    record Keyed<T>(long seq, T value, long stamp) {
        Keyed(long seq, T value) {
            this(seq, value, 0);
        }
    }

    private final List<Class<?>> classes = new ArrayList<>();
    /**
     * The table for the hot paths, replaced whole when a class is added (a few dozen times in an analysis): each
     * class's index plus one by its {@link #ID} (0 for a class not in the table), and the classes by index. A
     * record spilled or read looks its class up here without a lock or a hash.
     */
    private volatile int[] indexById = new int[0];
    private volatile Class<?>[] byIndex = new Class<?>[0];
    /**
     * What reading a value of each class needs, by index: a record class's {@link Layout}, an enum's constants. Read
     * without a {@link ClassValue} look-up per value, which was a sixth of the report's thread reading records back
     * (its cache missed: several class values over some forty classes). Written before {@link #byIndex}, so that a
     * thread that sees a class there sees its entry here.
     */
    private volatile Object[] readByIndex = new Object[0];

    /** A number for each class this JVM spills, the same for every codec: where its index is in {@link #indexById}. */
    private static final java.util.concurrent.atomic.AtomicInteger NEXT_ID = new java.util.concurrent.atomic.AtomicInteger();
    private static final ClassValue<Integer> ID = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return NEXT_ID.getAndIncrement();
        }
    };

    Codecs() {
    }

    /**
     * A codec that reads what another JVM's codec wrote ({@link PartBytes}): its table of classes, by name, in its
     * order. Only record and enum classes of this project are taken (a name is looked up without initialising the
     * class, and anything else is an error): the table comes over the wire, so it may not name any class to make.
     */
    Codecs(List<String> classNames) throws IOException {
        for (String name : classNames) {
            Class<?> type;
            try {
                type = Class.forName(name, false, Codecs.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IOException("a part's records name a class this JVM does not have: " + name);
            }
            if (!name.startsWith("io.wireanalyze.") || !(type.isRecord() || type.isEnum())) {
                throw new IOException("a part's records name " + name + ", which is not one of wireanalyze's records or enums");
            }
            index(type);
        }
    }

    /** The classes this codec has written so far, by name, in the order of their indexes. */
    synchronized List<String> classNames() {
        return classes.stream().map(Class::getName).toList();
    }

    /** The generic walk for records of {@code type} (every record class but those given a codec of their own above). */
    <T> Spill.Codec<T> codec(Class<T> type) {
        return new Spill.Codec<>() {
            @Override
            public void write(SpillOut out, T value) {
                value(out, value);
            }

            @Override
            public T read(SpillIn in) throws IOException {
                return type.cast(value(in));
            }
        };
    }

    /**
     * The messages' records, the most numerous an analysis spills, written field by field: the record, its message and
     * the message's info read and made directly, each primitive as it is, each enum of the message's own as its
     * ordinal, a nullable number after a byte that says whether it is there; the protocol's details, its type and the
     * strings through {@link #value(SpillOut, Object)}. The generic walk of the same three records looked up each
     * record's layout, called a function for each component and made each record through a method handle: on two
     * workers with C1's code, the messages' spill was most of the tenth of the workers' time that spilling took, and
     * most of what the reading thread did while the report's messages were written.
     */
    private final class Messages implements Spill.Codec<Keyed<MessageRecord>> {
        private static final Phase[] PHASES = Phase.values();
        private static final Direction[] DIRECTIONS = Direction.values();
        private static final Role[] ROLES = Role.values();

        @Override
        public void write(SpillOut out, Keyed<MessageRecord> k) {
            out.writeLong(k.seq());
            out.writeLong(k.stamp());
            MessageRecord r = k.value();
            if (!present(out, r)) return;
            optionalLong(out, r.frame());
            optionalLong(out, r.lastFrame());
            optionalDouble(out, r.timeMs());
            out.writeInt(r.connection());
            out.writeLong(r.packets());
            Message m = r.message();
            if (!present(out, m)) return;
            ProtocolName protocol = m.protocol();
            if (present(out, protocol)) value(out, protocol.label());
            value(out, m.type());
            out.writeByte(ordinal(m.phase()));
            out.writeByte(ordinal(m.direction()));
            out.writeByte(ordinal(m.role()));
            out.writeLong(m.offset());
            out.writeInt(m.length());
            out.writeLong(m.dataOffset());
            out.writeInt(m.dataLength());
            out.writeLong(m.requestId());
            MessageInfo i = m.info();
            if (!present(out, i)) return;
            value(out, i.objId());
            optionalLong(out, i.hash());
            value(out, i.method());
            value(out, i.operation());
            value(out, i.name());
            value(out, i.details());
        }

        @Override
        public Keyed<MessageRecord> read(SpillIn in) throws IOException {
            long seq = in.readLong(), stamp = in.readLong();
            if (!in.readBoolean()) return new Keyed<>(seq, null, stamp);
            Long frame = optionalLong(in), lastFrame = optionalLong(in);
            Double time = optionalDouble(in);
            int connection = in.readInt();
            long packets = in.readLong();
            Message m = null;
            if (in.readBoolean()) {
                ProtocolName protocol = in.readBoolean() ? new ProtocolName(as(String.class, value(in))) : null;
                MessageType type = as(MessageType.class, value(in));
                Phase phase = constant(PHASES, in.readByte());
                Direction direction = constant(DIRECTIONS, in.readByte());
                Role role = constant(ROLES, in.readByte());
                long offset = in.readLong();
                int length = in.readInt();
                long dataOffset = in.readLong();
                int dataLength = in.readInt();
                long requestId = in.readLong();
                MessageInfo info = null;
                if (in.readBoolean()) {
                    String objId = as(String.class, value(in));
                    Long hash = optionalLong(in);
                    String method = as(String.class, value(in)), operation = as(String.class, value(in)), name = as(String.class, value(in));
                    info = new MessageInfo(objId, hash, method, operation, name, as(Details.class, value(in)));
                }
                m = new Message(protocol, type, phase, direction, offset, length, dataOffset, dataLength, role, requestId, info);
            }
            return new Keyed<>(seq, new MessageRecord(frame, lastFrame, time, connection, m, packets), stamp);
        }

        private static int ordinal(Enum<?> e) {
            return e == null ? 0 : e.ordinal() + 1;
        }

        private static <E> E constant(E[] constants, int ordinalPlusOne) throws IOException {
            if (ordinalPlusOne == 0) return null;
            if (ordinalPlusOne < 0 || ordinalPlusOne > constants.length) {
                throw new IOException("spilled message: " + constants[0].getClass().getSimpleName() + " " + (ordinalPlusOne - 1)
                        + " (expected: 0 to " + (constants.length - 1) + ")");
            }
            return constants[ordinalPlusOne - 1];
        }
    }

    /**
     * The invocations as they wait for the settle step ({@link PendingInvocation}), written field by field as
     * {@link Messages} writes a message: every invocation is spilled and read twice (before the settle step and after
     * it, {@link Settled}), and the settle step reads them on one thread while the other core waits.
     */
    private final class Pending implements Spill.Codec<PendingInvocation> {
        @Override
        public void write(SpillOut out, PendingInvocation p) {
            invocation(out, p.record());
            out.writeLong(p.seq());
            optionalBoolean(out, p.warmup());
            out.writeLong(p.requestFirstNanos());
            value(out, p.call());
            out.writeLong(p.startNanos());
            out.writeLong(p.replyStartNanos());
            out.writeLong(p.endNanos());
            out.writeLong(p.wireBytes());
            out.writeBoolean(p.aloneOnItsConnection());
            out.writeLong(p.connectionPackets());
            out.writeLong(p.connectionWireBytes());
            out.writeDouble(p.connectionMs());
            value(out, p.clientHost());
            value(out, p.serverHost());
            value(out, p.wants());
            out.writeLong(p.stamp());
        }

        @Override
        public PendingInvocation read(SpillIn in) throws IOException {
            AnalysisResult.InvocationRecord record = invocation(in);
            long seq = in.readLong();
            Boolean warmup = optionalBoolean(in);
            long requestFirstNanos = in.readLong();
            String call = as(String.class, value(in));
            long startNanos = in.readLong(), replyStartNanos = in.readLong(), endNanos = in.readLong(), wireBytes = in.readLong();
            boolean alone = in.readBoolean();
            long connectionPackets = in.readLong(), connectionWireBytes = in.readLong();
            double connectionMs = in.readDouble();
            String clientHost = as(String.class, value(in)), serverHost = as(String.class, value(in));
            io.wireanalyze.protocol.FactRef wants = as(io.wireanalyze.protocol.FactRef.class, value(in));
            return new PendingInvocation(record, seq, warmup, requestFirstNanos, call, startNanos, replyStartNanos, endNanos,
                    wireBytes, alone, connectionPackets, connectionWireBytes, connectionMs, clientHost, serverHost, wants, in.readLong());
        }
    }

    /** The settled invocations in the order the report lists them, written field by field ({@link Pending}). */
    private final class Settled implements Spill.Codec<Keyed<AnalysisResult.InvocationRecord>> {
        @Override
        public void write(SpillOut out, Keyed<AnalysisResult.InvocationRecord> k) {
            out.writeLong(k.seq());
            out.writeLong(k.stamp());
            invocation(out, k.value());
        }

        @Override
        public Keyed<AnalysisResult.InvocationRecord> read(SpillIn in) throws IOException {
            long seq = in.readLong(), stamp = in.readLong();
            return new Keyed<>(seq, invocation(in), stamp);
        }
    }

    private void invocation(SpillOut out, AnalysisResult.InvocationRecord r) {
        if (!present(out, r)) return;
        out.writeInt(r.connection());
        value(out, r.method());
        out.writeLong(r.requestFrame());
        optionalLong(out, r.replyFrame());
        optionalDouble(out, r.latencyMs());
        out.writeLong(r.packets());
        out.writeLong(r.dataPackets());
        out.writeLong(r.overheadPackets());
        out.writeLong(r.requestBytes());
        out.writeLong(r.replyBytes());
        out.writeBoolean(r.warmup());
        out.writeBoolean(r.marker());
        value(out, r.exception());
        out.writeInt(r.fragments());
        optionalLong(out, r.legOf());
        Integer legs = r.legs();
        if (present(out, legs)) out.writeInt(legs);
        optionalLong(out, r.legPackets());
        optionalLong(out, r.legWireBytes());
        optionalDouble(out, r.legMs());
        value(out, r.operation());
        value(out, r.counts());
    }

    @SuppressWarnings("unchecked")
    private AnalysisResult.InvocationRecord invocation(SpillIn in) throws IOException {
        if (!in.readBoolean()) return null;
        int connection = in.readInt();
        String method = as(String.class, value(in));
        long requestFrame = in.readLong();
        Long replyFrame = optionalLong(in);
        Double latencyMs = optionalDouble(in);
        long packets = in.readLong(), dataPackets = in.readLong(), overheadPackets = in.readLong();
        long requestBytes = in.readLong(), replyBytes = in.readLong();
        boolean warmup = in.readBoolean(), marker = in.readBoolean();
        String exception = as(String.class, value(in));
        int fragments = in.readInt();
        Long legOf = optionalLong(in);
        Integer legs = in.readBoolean() ? in.readInt() : null;
        Long legPackets = optionalLong(in), legWireBytes = optionalLong(in);
        Double legMs = optionalDouble(in);
        String operation = as(String.class, value(in));
        Map<String, Long> counts = as(Map.class, value(in));
        return new AnalysisResult.InvocationRecord(connection, method, requestFrame, replyFrame, latencyMs, packets, dataPackets,
                overheadPackets, requestBytes, replyBytes, warmup, marker, exception, fragments, legOf, legs, legPackets,
                legWireBytes, legMs, operation, counts);
    }

    /** Whether {@code v} is there, written as a byte (1 or 0) before it: its writer writes it only then. */
    private static boolean present(SpillOut out, Object v) {
        out.writeBoolean(v != null);
        return v != null;
    }

    private static void optionalLong(SpillOut out, Long v) {
        if (present(out, v)) out.writeLong(v);
    }

    private static Long optionalLong(SpillIn in) throws IOException {
        return in.readBoolean() ? in.readLong() : null;
    }

    private static void optionalDouble(SpillOut out, Double v) {
        if (present(out, v)) out.writeDouble(v);
    }

    private static Double optionalDouble(SpillIn in) throws IOException {
        return in.readBoolean() ? in.readDouble() : null;
    }

    private static void optionalBoolean(SpillOut out, Boolean v) {
        out.writeByte(v == null ? 0 : v ? 2 : 1);
    }

    private static Boolean optionalBoolean(SpillIn in) throws IOException {
        int b = in.readByte();
        return b == 0 ? null : b == 2;
    }

    /** {@code v} as a {@code type}, or a clear error where a spill's bytes put something else in its place. */
    private static <T> T as(Class<T> type, Object v) throws IOException {
        if (v == null || type.isInstance(v)) return type.cast(v);
        throw new IOException("spilled record: a " + v.getClass().getName() + " where a " + type.getSimpleName() + " belongs");
    }

    private static final int NULL = 0, STRING = 1, LONG = 2, INT = 3, SHORT = 4, BYTE = 5, DOUBLE = 6, FLOAT = 7,
            BOOLEAN = 8, LIST = 9, MAP = 10, RECORD = 11, ENUM = 12, NO_DETAILS = 13;

    /**
     * A record's components, read and made. Each component is read through a function of its own type ({@link #getter}):
     * a {@code long}, {@code int}, {@code double} or {@code boolean} component is written as it is, without the boxed
     * value and the argument array a reflective call made for every component of every record spilled (the same bytes).
     * It is read back the same way: each component goes into a reused {@link Frame} (a primitive as its bits, unboxed),
     * and {@code make} calls the canonical constructor with the frame's slots as its arguments, so that reading a record
     * back makes the record and nothing else (no boxed value, no argument array, no reflective call). {@code writes}
     * is {@code kinds} but for a component declared as an enum ({@code E}) or a record ({@code R}), which
     * {@link #component} writes by that type: its class and {@link #ID} are in {@code types} and {@code ids}, and a
     * record's layout, once found, in {@code nested}.
     */
    private record Layout(Class<?> type, int id, Object[] getters, char[] kinds, char[] writes, Class<?>[] types, int[] ids,
                          Layout[] nested, MethodHandle make) {
        static final ClassValue<Layout> OF = new ClassValue<>() {
            @Override
            protected Layout computeValue(Class<?> type) {
                RecordComponent[] components = type.getRecordComponents();
                Class<?>[] types = new Class<?>[components.length];
                Object[] getters = new Object[components.length];
                char[] kinds = new char[components.length];
                char[] writes = new char[components.length];
                int[] ids = new int[components.length];
                for (int i = 0; i < components.length; i++) {
                    types[i] = components[i].getType();
                    Class<?> t = types[i];
                    kinds[i] = t == long.class ? 'J' : t == int.class ? 'I' : t == double.class ? 'D' : t == boolean.class ? 'Z' : 'L';
                    writes[i] = kinds[i] != 'L' ? kinds[i] : t.isEnum() ? 'E' : t.isRecord() ? 'R' : 'L';
                    if (writes[i] == 'E' || writes[i] == 'R') ids[i] = ID.get(t);
                    getters[i] = getter(type, components[i].getAccessor(), kinds[i]);
                }
                Constructor<?> canonical;
                try {
                    canonical = type.getDeclaredConstructor(types);
                    canonical.setAccessible(true);
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(type + ": a record without its canonical constructor", e);
                }
                try {
                    return new Layout(type, ID.get(type), getters, kinds, writes, types, ids, new Layout[components.length],
                            Frame.maker(MethodHandles.lookup().unreflectConstructor(canonical), kinds));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot make " + type + " again from a spill", e);
                }
            }
        };

        /**
         * A component's accessor as a function of the record: a {@code ToLongFunction}, {@code ToIntFunction},
         * {@code ToDoubleFunction}, {@code Predicate} or {@code Function} by its kind, made by the JDK's
         * {@link LambdaMetafactory} as a lambda on it would be. A call through it is a plain interface call; a method
         * handle held in an array is not a constant to the JIT, and each call through one went through the JDK's
         * invokers (a check of the handle's type and of its customisation), a sixth of what a spill's write took.
         */
        private static Object getter(Class<?> type, Method accessor, char kind) {
            Class<?> face = switch (kind) {
                case 'J' -> java.util.function.ToLongFunction.class;
                case 'I' -> java.util.function.ToIntFunction.class;
                case 'D' -> java.util.function.ToDoubleFunction.class;
                case 'Z' -> java.util.function.Predicate.class;
                default -> java.util.function.Function.class;
            };
            String name = switch (kind) {
                case 'J' -> "applyAsLong";
                case 'I' -> "applyAsInt";
                case 'D' -> "applyAsDouble";
                case 'Z' -> "test";
                default -> "apply";
            };
            Class<?> returns = kind == 'L' ? Object.class : accessor.getReturnType();
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
                MethodHandle handle = lookup.unreflect(accessor);
                return LambdaMetafactory.metafactory(lookup, name, MethodType.methodType(face), MethodType.methodType(returns, Object.class),
                        handle, MethodType.methodType(handle.type().returnType(), type)).getTarget().invoke();
            } catch (Throwable e) {
                throw new IllegalStateException("cannot read " + accessor + " to spill it", e);
            }
        }
    }

    /**
     * One record's components while it is read back: primitives as their bits in {@code bits}, the rest in
     * {@code refs}. A thread keeps one frame per depth of nesting (a message's record holds its details' record).
     */
    private static final class Frame {
        long[] bits = new long[16];
        Object[] refs = new Object[16];

        void fit(int n) {
            if (bits.length < n) {
                bits = new long[n];
                refs = new Object[n];
            }
        }

        static long j(Frame f, int i) {
            return f.bits[i];
        }

        static int i(Frame f, int i) {
            return (int) f.bits[i];
        }

        static double d(Frame f, int i) {
            return Double.longBitsToDouble(f.bits[i]);
        }

        static boolean z(Frame f, int i) {
            return f.bits[i] != 0;
        }

        static Object l(Frame f, int i) {
            return f.refs[i];
        }

        /** {@code (Frame) -> Object}: the constructor called with slot i as its argument i. */
        static MethodHandle maker(MethodHandle constructor, char[] kinds) throws IllegalAccessException {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodType type = constructor.type();
            int n = kinds.length;
            MethodHandle made;
            if (n == 0) {
                made = MethodHandles.dropArguments(constructor, 0, Frame.class);
            } else {
                MethodHandle[] slots = new MethodHandle[n];
                for (int k = 0; k < n; k++) {
                    String name = switch (kinds[k]) {
                        case 'J' -> "j";
                        case 'I' -> "i";
                        case 'D' -> "d";
                        case 'Z' -> "z";
                        default -> "l";
                    };
                    Class<?> returns = switch (kinds[k]) {
                        case 'J' -> long.class;
                        case 'I' -> int.class;
                        case 'D' -> double.class;
                        case 'Z' -> boolean.class;
                        default -> Object.class;
                    };
                    MethodHandle slot;
                    try {
                        slot = lookup.findStatic(Frame.class, name, MethodType.methodType(returns, Frame.class, int.class));
                    } catch (NoSuchMethodException e) {
                        throw new IllegalStateException(e);
                    }
                    // a reference slot is cast (or unboxed, for a short, byte or float) to the component's type
                    slots[k] = MethodHandles.insertArguments(slot, 1, k).asType(MethodType.methodType(type.parameterType(k), Frame.class));
                }
                made = MethodHandles.permuteArguments(MethodHandles.filterArguments(constructor, 0, slots),
                        MethodType.methodType(type.returnType(), Frame.class), new int[n]);
            }
            return made.asType(MethodType.methodType(Object.class, Frame.class));
        }
    }

    /**
     * A reader's frames, one per depth of nesting, made as deep as its records go and kept: each {@link SpillIn} has
     * its own ({@link SpillIn#frames}), as one thread reads it at a time.
     */
    static final class Frames {
        Frame[] at = new Frame[0];

        Frame at(int depth, int n) {
            if (depth >= at.length) {
                Frame[] more = java.util.Arrays.copyOf(at, depth + 4);
                for (int k = at.length; k < more.length; k++) more[k] = new Frame();
                at = more;
            }
            Frame f = at[depth];
            f.fit(n);
            return f;
        }
    }

    /**
     * Null, strings, numbers, booleans, lists, maps, enums, records of these, and {@link Details#NONE}. Anything else
     * cannot be spilled: an analysis' records and a protocol's details are built of these.
     */
    private void value(SpillOut out, Object v) {
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
        } else if (v instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(b);
        } else if (v instanceof Record r) {
            record(out, r, Layout.OF.get(r.getClass()));
        } else if (v instanceof Enum<?> e) {
            out.writeByte(ENUM);
            EnumClass of = ENUM_CLASS.get(e.getClass());
            out.writeShort(index(of.type(), of.id()));
            out.writeShort(e.ordinal());
        } else if (v == Details.NONE) {
            out.writeByte(NO_DETAILS);
        } else if (v instanceof Collection<?> c) {
            out.writeByte(LIST);
            out.writeInt(c.size());
            for (Object o : c) value(out, o);
        } else if (v instanceof Map<?, ?> m) {
            out.writeByte(MAP);
            out.writeInt(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                value(out, e.getKey());
                value(out, e.getValue());
            }
        } else if (v instanceof Short s) {
            out.writeByte(SHORT);
            out.writeShort(s);
        } else if (v instanceof Byte b) {
            out.writeByte(BYTE);
            out.writeByte(b);
        } else if (v instanceof Float f) {
            out.writeByte(FLOAT);
            out.writeFloat(f);
        } else {
            throw new IllegalStateException("cannot spill a " + v.getClass().getName()
                    + ": spilled records (and a protocol's details) are records of strings, numbers, booleans, lists, enums and records");
        }
    }

    /**
     * A value at the top of a record: the reader's frames are taken only when it is a record (a message's details;
     * its strings, numbers and enums need none).
     */
    private Object value(SpillIn in) throws IOException {
        return value(in, null, 0);
    }

    /** @param frames the reader's frames, or null: taken when a record needs them */
    private Object value(SpillIn in, Frames frames, int depth) throws IOException {
        int tag = in.readByte();
        return switch (tag) {
            case NULL -> null;
            case STRING -> string(in);
            case LONG -> in.readLong();
            case INT -> in.readInt();
            case DOUBLE -> in.readDouble();
            case BOOLEAN -> in.readBoolean();
            case RECORD -> record(in, layout(in.readShort()), frames != null ? frames : in.frames(), depth);
            case ENUM -> constants(in.readShort())[in.readShort()];
            case NO_DETAILS -> Details.NONE;
            case LIST -> {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) list.add(value(in, frames, depth));
                yield Collections.unmodifiableList(list);
            }
            case MAP -> {
                int n = in.readInt();
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) map.put(value(in, frames, depth), value(in, frames, depth));
                yield Collections.unmodifiableMap(map);
            }
            case SHORT -> in.readShort();
            case BYTE -> in.readByte();
            case FLOAT -> in.readFloat();
            default -> throw new IOException("spilled record: unknown value tag " + tag);
        };
    }

    /**
     * A record's components into this depth's frame, in order (a primitive component as the tag its writer wrote and
     * its value, unboxed), then its canonical constructor on the frame.
     */
    private Object record(SpillIn in, Layout layout, Frames frames, int depth) throws IOException {
        Class<?> type = layout.type();
        char[] kinds = layout.kinds();
        int n = kinds.length;
        Frame f = frames.at(depth, n);
        for (int i = 0; i < n; i++) {
            char kind = kinds[i];
            if (kind == 'L') {
                f.refs[i] = value(in, frames, depth + 1);
                continue;
            }
            int tag = in.readByte();
            int expected = kind == 'J' ? LONG : kind == 'I' ? INT : kind == 'D' ? DOUBLE : BOOLEAN;
            if (tag != expected) {
                throw new IOException("spilled record: cannot make a " + type.getName() + " again: component " + i
                        + " has value tag " + tag + ", its type wants " + expected);
            }
            f.bits[i] = switch (kind) {
                case 'J' -> in.readLong();
                case 'I' -> in.readInt();
                case 'D' -> Double.doubleToRawLongBits(in.readDouble());
                default -> in.readBoolean() ? 1 : 0;
            };
        }
        Object made;
        try {
            made = (Object) layout.make().invokeExact(f);
        } catch (Throwable e) {
            throw new IOException("spilled record: cannot make a " + type.getName() + " again: " + e, e);
        } finally {
            java.util.Arrays.fill(f.refs, 0, n, null);   // the frame keeps no record's parts alive
        }
        return made;
    }

    /** {@code type}'s index in this codec's table. */
    private int index(Class<?> type) {
        return index(type, ID.get(type));
    }

    /** The same, {@code id} being {@code type}'s {@link #ID} (a record's layout carries it: one class look-up a record). */
    private int index(Class<?> type, int id) {
        int[] known = indexById;
        if (id < known.length && known[id] != 0) return known[id] - 1;
        return add(type, id);
    }

    /** {@code type}'s index, the table grown by it if it was not there. */
    private synchronized int add(Class<?> type, int id) {
        int[] known = indexById;
        if (id < known.length && known[id] != 0) return known[id] - 1;   // added by another thread meanwhile
        int i = classes.size();
        if (i > Short.MAX_VALUE) throw new IllegalStateException("more than " + Short.MAX_VALUE + " record and enum classes to spill");
        classes.add(type);
        int[] grown = java.util.Arrays.copyOf(known, Math.max(known.length, id + 1));
        grown[id] = i + 1;
        Object[] read = java.util.Arrays.copyOf(readByIndex, i + 1);
        read[i] = type.isRecord() ? Layout.OF.get(type) : type.isEnum() ? ENUM_CONSTANTS.get(type) : null;
        readByIndex = read;
        byIndex = classes.toArray(new Class<?>[0]);
        indexById = grown;
        return i;
    }

    private Class<?> type(int index) throws IOException {
        Class<?>[] types = byIndex;
        if (index < 0 || index >= types.length) throw new IOException("spilled record: unknown class " + index);
        return types[index];
    }

    /** The layout of the record class with {@code index}. */
    private Layout layout(int index) throws IOException {
        Class<?> type = type(index);
        if (readByIndex[index] instanceof Layout layout) return layout;
        throw new IOException("spilled record: " + type.getName() + " is not a record");
    }

    /** The constants of the enum class with {@code index}. */
    private Object[] constants(int index) throws IOException {
        Class<?> type = type(index);
        if (readByIndex[index] instanceof Object[] constants) return constants;
        throw new IOException("spilled record: " + type.getName() + " is not an enum");
    }

    /** A record, its layout given: its tag, its class's index, its components. */
    private void record(SpillOut out, Record r, Layout layout) {
        out.writeByte(RECORD);
        out.writeShort(index(layout.type(), layout.id()));
        Object[] getters = layout.getters();
        char[] writes = layout.writes();
        for (int i = 0; i < getters.length; i++) component(out, writes[i], getters[i], r, layout, i);
    }

    /**
     * A record's component, written as {@link #value(SpillOut, Object)} writes its boxed value. A component declared
     * as an enum or a record (a final class) is written by its declared type, its class's index without a look-up of
     * its class (a class value; for an enum, {@link Enum#getDeclaringClass()}, a call into the VM from C1's code): a
     * message's details nest such components, and the workers write them for every message.
     */
    @SuppressWarnings("unchecked")
    private void component(SpillOut out, char kind, Object getter, Record r, Layout layout, int at) {
        switch (kind) {
            case 'E' -> {
                Enum<?> e = ((java.util.function.Function<Record, Enum<?>>) getter).apply(r);
                if (e == null) {
                    out.writeByte(NULL);
                } else {
                    out.writeByte(ENUM);
                    out.writeShort(index(layout.types()[at], layout.ids()[at]));
                    out.writeShort(e.ordinal());
                }
            }
            case 'R' -> {
                Record nested = ((java.util.function.Function<Record, Record>) getter).apply(r);
                if (nested == null) {
                    out.writeByte(NULL);
                } else {
                    Layout of = layout.nested()[at];
                    if (of == null) layout.nested()[at] = of = Layout.OF.get(layout.types()[at]);   // the same layout on any thread
                    record(out, nested, of);
                }
            }
            case 'J' -> {
                out.writeByte(LONG);
                out.writeLong(((java.util.function.ToLongFunction<Record>) getter).applyAsLong(r));
            }
            case 'I' -> {
                out.writeByte(INT);
                out.writeInt(((java.util.function.ToIntFunction<Record>) getter).applyAsInt(r));
            }
            case 'D' -> {
                out.writeByte(DOUBLE);
                out.writeDouble(((java.util.function.ToDoubleFunction<Record>) getter).applyAsDouble(r));
            }
            case 'Z' -> {
                out.writeByte(BOOLEAN);
                out.writeBoolean(((java.util.function.Predicate<Record>) getter).test(r));
            }
            default -> value(out, ((java.util.function.Function<Record, Object>) getter).apply(r));
        }
    }

    /**
     * An enum constant's class (its own class for a constant with a body) as its enum's class and that class's
     * {@link #ID}: {@link Enum#getDeclaringClass()} asks the VM for the superclass, a call out of C1's code for each
     * message's type.
     */
    private record EnumClass(Class<?> type, int id) {
    }

    private static final ClassValue<EnumClass> ENUM_CLASS = new ClassValue<>() {
        @Override
        protected EnumClass computeValue(Class<?> type) {
            Class<?> declaring = type.isEnum() ? type : type.getSuperclass();
            return new EnumClass(declaring, ID.get(declaring));
        }
    };

    /** An enum's constants, once per class ({@link Class#getEnumConstants()} copies the array on every call). */
    private static final ClassValue<Object[]> ENUM_CONSTANTS = new ClassValue<>() {
        @Override
        protected Object[] computeValue(Class<?> type) {
            return type.getEnumConstants();
        }
    };

    /**
     * An ASCII string (nearly all) as its length and its chars as bytes; any other as minus one minus its length, then
     * its chars as UTF-16 units: every string comes back as it was, a lone surrogate too (which a decoded name can
     * hold, and UTF-8 cannot write).
     */
    private static void string(SpillOut out, String s) {
        if (out.writeAscii(s)) return;
        out.writeInt(-1 - s.length());
        out.writeChars(s);
    }

    private static String string(SpillIn in) throws IOException {
        int n = in.readInt();
        return n >= 0 ? in.ascii(n) : in.chars(-1 - n);
    }
}
