package io.wireanalyze.workloads;

/**
 * The fixed values the benchmark getters return, identical for every protocol. They are distinctive
 * byte patterns so they can be recognised in a hex dump of the reply.
 */
public final class BenchValues {
    public static final int INT = 0x12345678;
    public static final short SHORT = 0x1234;
    public static final long LONG = 0x0123456789ABCDEFL;
    public static final float FLOAT = 1.5f;
    public static final double DOUBLE = 2.25;
    public static final boolean BOOLEAN = true;
    public static final byte BYTE = 0x5A;
    public static final String STRING = "wireanalyze";

    /** The label of the marker call a client makes between its warm-up and measured calls. */
    public static final String MEASURE_LABEL = "measure";

    /** The Java name of the marker method ({@code wireanalyzeMark(String)}). */
    public static final String MARK_METHOD = "wireanalyzeMark";

    private BenchValues() {
    }

    /** {@code count} ints 0, 1, 2, ...: the argument of {@code sendInts} for payload {@code ints:count}. */
    public static int[] ints(int count) {
        int[] data = new int[count];
        for (int i = 0; i < count; i++) data[i] = i;
        return data;
    }

    /** {@code count} records 0, 1, 2, ...: what {@code getObjects(count)} returns for payload {@code objects:count}. */
    public static java.util.List<BenchRecord> records(int count) {
        java.util.List<BenchRecord> out = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) out.add(BenchRecord.number(i));
        return out;
    }

    /** {@code count} characters "abc...zabc...": the argument of {@code sendChars} for {@code chars:count}. */
    public static String chars(int count) {
        char[] data = new char[count];
        for (int i = 0; i < count; i++) data[i] = (char) ('a' + i % 26);
        return new String(data);
    }
}
