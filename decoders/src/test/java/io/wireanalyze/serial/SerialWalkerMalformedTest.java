package io.wireanalyze.serial;

import static io.wireanalyze.serial.SerialConstants.SC_EXTERNALIZABLE;
import static io.wireanalyze.serial.SerialConstants.SC_SERIALIZABLE;
import static io.wireanalyze.serial.SerialConstants.TC_ARRAY;
import static io.wireanalyze.serial.SerialConstants.TC_BLOCKDATA;
import static io.wireanalyze.serial.SerialConstants.TC_BLOCKDATALONG;
import static io.wireanalyze.serial.SerialConstants.TC_CLASSDESC;
import static io.wireanalyze.serial.SerialConstants.TC_ENDBLOCKDATA;
import static io.wireanalyze.serial.SerialConstants.TC_LONGSTRING;
import static io.wireanalyze.serial.SerialConstants.TC_NULL;
import static io.wireanalyze.serial.SerialConstants.TC_OBJECT;
import static io.wireanalyze.serial.SerialConstants.TC_REFERENCE;
import static io.wireanalyze.serial.SerialConstants.TC_RESET;
import static io.wireanalyze.serial.SerialConstants.TC_STRING;
import static io.wireanalyze.serial.Streams.raw;
import static io.wireanalyze.serial.Streams.serialize;
import static io.wireanalyze.serial.Streams.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.serial.SerialResult.Malformed;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-made streams that break the grammar or the limits: each gives Malformed or NeedMore, never an exception. */
class SerialWalkerMalformedTest {

    private static final DecoderLimits HUGE = new DecoderLimits(Integer.MAX_VALUE, 256, 1_000_000, 256, 16 << 20);

    private static void header(DataOutputStream out) throws IOException {
        out.writeShort(SerialConstants.STREAM_MAGIC);   // ac ed
        out.writeShort(SerialConstants.STREAM_VERSION); // 00 05
    }

    /** TC_CLASSDESC name suid flags, no fields, empty classAnnotation, TC_NULL superclass. */
    private static void classDesc(DataOutputStream out, String name, int flags) throws IOException {
        out.writeByte(TC_CLASSDESC);
        out.writeUTF(name);
        out.writeLong(42L);
        out.writeByte(flags);
        out.writeShort(0);
        out.writeByte(TC_ENDBLOCKDATA);
        out.writeByte(TC_NULL);
    }

    private static Malformed malformed(byte[] bytes, DecoderLimits limits) {
        return assertInstanceOf(Malformed.class, walk(bytes, limits));
    }

    private static Malformed malformed(byte[] bytes) {
        return malformed(bytes, DecoderLimits.DEFAULT);
    }

    @Test
    void rejectsWrongMagicAtTheFirstWrongByte() {
        assertEquals(new Malformed(1, "stream.magic", "byte 1 of the stream header is 0xee (expected: 0xed, "
            + "the header is STREAM_MAGIC 0xaced STREAM_VERSION 0x0005)"), malformed(new byte[] {(byte) 0xac, (byte) 0xee}));
        assertEquals("stream.version", malformed(new byte[] {(byte) 0xac, (byte) 0xed, 0, 4}).field());
        assertEquals(0, malformed(new byte[] {0x50}).index());
    }

    @Test
    void needsTheWholeHeaderAndAcceptsAStreamWithoutContents() {
        assertEquals(new SerialResult.NeedMore(4), walk(new byte[0]));
        assertEquals(new SerialResult.NeedMore(4), walk(new byte[] {(byte) 0xac, (byte) 0xed}));
        assertEquals(new SerialResult.AtBoundary(4, List.of()), walk(raw(SerialWalkerMalformedTest::header)));
    }

    @Test
    void rejectsReferenceToUnassignedHandle() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_REFERENCE);
            out.writeInt(SerialConstants.BASE_WIRE_HANDLE);
        });
        assertEquals(new Malformed(5, "TC_REFERENCE.handle", "0x7e0000 (expected: none, no handle is assigned since the start or the last reset)"),
            malformed(bytes));
    }

    @Test
    void rejectsReferenceToHandleClearedByReset() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_STRING);
            out.writeUTF("a");
            out.writeByte(TC_REFERENCE);
            out.writeInt(SerialConstants.BASE_WIRE_HANDLE);
            out.writeByte(TC_RESET);
            out.writeByte(TC_REFERENCE);
            out.writeInt(SerialConstants.BASE_WIRE_HANDLE);
        });
        Malformed bad = malformed(bytes);
        assertEquals(bytes.length - 4, bad.index());
        assertEquals("TC_REFERENCE.handle", bad.field());
    }

    @Test
    void rejectsResetAndBlockDataAndEndBlockDataWhereAnObjectMustBe() {
        for (int tc : new int[] {TC_RESET, TC_BLOCKDATA, TC_ENDBLOCKDATA}) {
            byte[] bytes = raw(out -> {
                header(out);
                out.writeByte(TC_ARRAY);
                classDesc(out, "[Ljava.lang.Object;", SC_SERIALIZABLE);
                out.writeInt(1);
                out.writeByte(tc);
                out.writeByte(0);
            });
            Malformed bad = malformed(bytes);
            assertEquals(bytes.length - 2, bad.index());
            assertEquals("object", bad.field());
            assertTrue(bad.reason().startsWith(SerialConstants.tcName(tc)), bad.reason());
        }
    }

    @Test
    void rejectsEndBlockDataAtTopLevel() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_ENDBLOCKDATA);
        });
        assertEquals("content", malformed(bytes).field());
    }

    @Test
    void rejectsNegativeSizes() {
        byte[] array = raw(out -> {
            header(out);
            out.writeByte(TC_ARRAY);
            classDesc(out, "[I", SC_SERIALIZABLE);
            out.writeInt(-1);
        });
        assertEquals(new Malformed(array.length - 4, "TC_ARRAY.size", "-1 (expected: >= 0)"), malformed(array));
        byte[] block = raw(out -> {
            header(out);
            out.writeByte(TC_BLOCKDATALONG);
            out.writeInt(Integer.MIN_VALUE);
        });
        assertEquals(new Malformed(5, "TC_BLOCKDATALONG.size", "-2147483648 (expected: >= 0)"), malformed(block));
        byte[] string = raw(out -> {
            header(out);
            out.writeByte(TC_LONGSTRING);
            out.writeLong(-5L);
        });
        assertEquals(new Malformed(5, "TC_LONGSTRING.length", "-5 (expected: >= 0)"), malformed(string));
    }

    @Test
    void boundsArrayLengthsNear2To31() {
        byte[] longs = raw(out -> {
            header(out);
            out.writeByte(TC_ARRAY);
            classDesc(out, "[J", SC_SERIALIZABLE);
            out.writeInt(Integer.MAX_VALUE);
        });
        for (DecoderLimits limits : List.of(DecoderLimits.DEFAULT, HUGE)) {
            Malformed bad = malformed(longs, limits);
            assertEquals("TC_ARRAY.values", bad.field());
            assertEquals(longs.length, bad.index());
            assertTrue(bad.reason().contains("exceeds limit"), bad.reason());
        }
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_ARRAY);
            classDesc(out, "[B", SC_SERIALIZABLE);
            out.writeInt(0x7fff0000);
            out.write(new byte[100]);
        });
        assertEquals(new SerialResult.NeedMore(bytes.length - 100 + 0x7fff0000), walk(bytes, HUGE));
        byte[] objects = raw(out -> {
            header(out);
            out.writeByte(TC_ARRAY);
            classDesc(out, "[Ljava.lang.Object;", SC_SERIALIZABLE);
            out.writeInt(0x7fff0000);
        });
        assertEquals("TC_ARRAY.values", malformed(objects).field());
        assertEquals(new SerialResult.NeedMore(objects.length + 0x7fff0000), walk(objects, HUGE));
    }

    @Test
    void boundsLongStringLength() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_LONGSTRING);
            out.writeLong(Long.MAX_VALUE);
        });
        Malformed bad = malformed(bytes, HUGE);
        assertEquals(new Malformed(bytes.length, "TC_LONGSTRING.utf", bad.reason()), bad);
        assertTrue(bad.reason().contains("exceeds limit"), bad.reason());
    }

    @Test
    void rejectsNestingDeeperThanTheLimit() {
        Object[] nested = new Object[1];
        for (int i = 0; i < 300; i++) nested = new Object[] {nested};
        Object deep = nested;
        byte[] bytes = serialize(out -> out.writeObject(deep));
        Malformed bad = malformed(bytes);
        assertTrue(bad.reason().startsWith("nesting depth 257 (expected: <= maxNestingDepth 256)"), bad.reason());
        DecoderLimits deeper = new DecoderLimits(64 << 20, 1000, 1_000_000, 256, 16 << 20);
        assertEquals(bytes.length, assertInstanceOf(SerialResult.AtBoundary.class, walk(bytes, deeper)).end());
    }

    @Test
    void rejectsMoreNodesThanMaxObjects() {
        byte[] bytes = serialize(out -> {
            for (int i = 0; i < 20; i++) out.writeObject("s" + i);
        });
        DecoderLimits ten = new DecoderLimits(64 << 20, 256, 10, 256, 16 << 20);
        Malformed bad = malformed(bytes, ten);
        assertEquals("TC_STRING", bad.field());
        assertTrue(bad.reason().startsWith("more than 10 nodes"), bad.reason());
    }

    @Test
    void rejectsInvalidModifiedUtf8() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_STRING);
            out.writeShort(3);
            out.write(new byte[] {'a', (byte) 0xc3, 'b'});
        });
        assertEquals(new Malformed(8, "TC_STRING.utf", "byte 0xc3 (expected: modified UTF-8)"), malformed(bytes));
    }

    @Test
    void rejectsPrimitiveFieldAfterObjectField() {
        byte[] bytes = raw(out -> {
            header(out);
            out.writeByte(TC_CLASSDESC);
            out.writeUTF("Bad");
            out.writeLong(1L);
            out.writeByte(SC_SERIALIZABLE);
            out.writeShort(2);
            out.writeByte('L');
            out.writeUTF("o");
            out.writeByte(TC_STRING);
            out.writeUTF("Ljava/lang/Object;");
            out.writeByte('I');
            out.writeUTF("i");
        });
        Malformed bad = malformed(bytes);
        assertEquals(bytes.length - 4, bad.index());
        assertEquals("TC_CLASSDESC.fields", bad.field());
    }

    @Test
    void rejectsConflictingFlagsAndNullClassOfObject() {
        byte[] conflict = raw(out -> {
            header(out);
            classDesc(out, "Both", SC_SERIALIZABLE | SC_EXTERNALIZABLE);
        });
        assertEquals("TC_CLASSDESC.flags", malformed(conflict).field());
        byte[] nullClass = raw(out -> {
            header(out);
            out.writeByte(TC_OBJECT);
            out.writeByte(TC_NULL);
        });
        assertEquals(new Malformed(5, "TC_OBJECT.classDesc", "TC_NULL (expected: a class descriptor)"), malformed(nullClass));
    }

    @Test
    void rejectsClassDescReferenceToAStringOrToADescriptorStillBeingBuilt() {
        byte[] toString = raw(out -> {
            header(out);
            out.writeByte(TC_STRING);
            out.writeUTF("not a class");
            out.writeByte(TC_OBJECT);
            out.writeByte(TC_REFERENCE);
            out.writeInt(SerialConstants.BASE_WIRE_HANDLE);
        });
        Malformed bad = malformed(toString);
        assertEquals("TC_OBJECT.classDesc", bad.field());
        assertEquals("0x7e0000 refers to Str (expected: a finished class descriptor)", bad.reason());
        byte[] selfObject = raw(out -> {
            header(out);
            out.writeByte(TC_CLASSDESC);
            out.writeUTF("Self");
            out.writeLong(1L);
            out.writeByte(SC_SERIALIZABLE);
            out.writeShort(0);
            out.writeByte(TC_OBJECT); // classAnnotation holding an object of the class being described
            out.writeByte(TC_REFERENCE);
            out.writeInt(SerialConstants.BASE_WIRE_HANDLE);
        });
        assertEquals("0x7e0000 refers to a node still being built (expected: a finished class descriptor)",
            malformed(selfObject).reason());
    }

    @Test
    void rejectsClassHierarchyDeeperThanTheLimitThroughReferences() {
        byte[] bytes = raw(out -> {
            header(out);
            classDesc(out, "C0", SC_SERIALIZABLE);
            for (int i = 1; i < 6; i++) {
                out.writeByte(TC_CLASSDESC);
                out.writeUTF("C" + i);
                out.writeLong(i);
                out.writeByte(SC_SERIALIZABLE);
                out.writeShort(0);
                out.writeByte(TC_ENDBLOCKDATA);
                out.writeByte(TC_REFERENCE);
                out.writeInt(SerialConstants.BASE_WIRE_HANDLE + i - 1);
            }
        });
        DecoderLimits five = new DecoderLimits(64 << 20, 5, 1_000_000, 256, 16 << 20);
        Malformed bad = malformed(bytes, five);
        assertEquals(new Malformed(bytes.length - 5, "superClassDesc",
            "class hierarchy 6 classes deep (expected: <= maxNestingDepth 5) (exceeds limit)"), bad);
        assertEquals(6, assertInstanceOf(SerialResult.AtBoundary.class, walk(bytes)).contents().size());
    }
}
