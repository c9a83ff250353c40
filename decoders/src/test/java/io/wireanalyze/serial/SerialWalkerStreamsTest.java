package io.wireanalyze.serial;

import static io.wireanalyze.serial.Streams.contents;
import static io.wireanalyze.serial.Streams.serialize;
import static io.wireanalyze.serial.Streams.single;
import static io.wireanalyze.serial.Streams.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.serial.SerialNode.Arr;
import io.wireanalyze.serial.SerialNode.BlockData;
import io.wireanalyze.serial.SerialNode.ClassDesc;
import io.wireanalyze.serial.SerialNode.Obj;
import io.wireanalyze.serial.SerialNode.Ref;
import io.wireanalyze.serial.SerialNode.Str;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectStreamConstants;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.dgc.Lease;
import java.rmi.dgc.VMID;
import java.rmi.server.ObjID;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Streams written by ObjectOutputStream, walked and checked against what was written. */
class SerialWalkerStreamsTest {

    @Test
    void walksShortStringWithMultiByteChars() {
        String text = "h\u00e9llo \u20ac\u0000\ud83d\ude00"; // 1, 2, 3-byte chars, NUL as c0 80, a surrogate pair
        byte[] bytes = serialize(out -> out.writeObject(text));
        Str str = assertInstanceOf(Str.class, single(bytes));
        assertEquals(text, str.value());
        assertEquals(4, str.start());                       // after aced 0005
        assertEquals(1 + 2 + 18, str.end() - str.start());  // TC_STRING, u2 length, 18 bytes of modified UTF-8
        assertEquals(18, str.utfLength());
        assertEquals(false, str.truncated());
    }

    @Test
    void walksLongStringAsTcLongStringAndKeepsMaxStringChars() {
        String text = "x".repeat(70_000);
        byte[] bytes = serialize(out -> out.writeObject(text));
        assertEquals(SerialConstants.TC_LONGSTRING, bytes[4]);
        Str str = assertInstanceOf(Str.class, single(bytes));
        assertEquals(70_000, str.utfLength());
        assertEquals("x".repeat(DecoderLimits.DEFAULT.maxStringChars()), str.value());
        assertTrue(str.truncated());
        assertEquals(bytes.length, str.end());
    }

    @Test
    void skipsIntArrayOf6000ByArithmetic() {
        byte[] bytes = serialize(out -> out.writeObject(new int[6000]));
        Arr arr = assertInstanceOf(Arr.class, single(bytes));
        assertEquals("[I", arr.className());
        assertEquals(6000, arr.length());
        assertEquals(24_000, arr.end() - arr.elementsStart());
        assertTrue(arr.elements().isEmpty());
        assertEquals(new SerialResult.NeedMore(arr.elementsStart() + 24_000),
            new SerialWalker(DecoderLimits.DEFAULT).walkStream(ByteBuffer.wrap(bytes), 0, arr.elementsStart()));
    }

    @Test
    void walksCharShortLongAndObjectArrays() {
        byte[] bytes = serialize(out -> {
            out.writeObject("abc".toCharArray());
            out.writeObject(new short[] {1, 2});
            out.writeObject(new long[] {1, 2, 3});
            out.writeObject(new String[] {"p", null, "p"});
            out.writeObject(new int[][] {{1}, {2, 3}});
        });
        List<SerialNode> contents = contents(bytes);
        Arr chars = (Arr) contents.get(0);
        assertEquals("[C", chars.className());
        assertEquals(6, chars.end() - chars.elementsStart());
        assertEquals(4, ((Arr) contents.get(1)).end() - ((Arr) contents.get(1)).elementsStart());
        assertEquals(24, ((Arr) contents.get(2)).end() - ((Arr) contents.get(2)).elementsStart());
        Arr strings = (Arr) contents.get(3);
        assertEquals("[Ljava.lang.String;", strings.className());
        assertEquals("p", ((Str) strings.elements().get(0)).value());
        assertInstanceOf(SerialNode.NullRef.class, strings.elements().get(1));
        assertSame(strings.elements().get(0), ((Ref) strings.elements().get(2)).target());
        Arr matrix = (Arr) contents.get(4);
        assertEquals(2, matrix.elements().size());
        Arr second = (Arr) matrix.elements().get(1);
        assertEquals("[I", second.className());
        assertSame(((Arr) matrix.elements().get(0)).classDesc(), ((Ref) second.classDesc()).target());
    }

    @Test
    void resolvesBackReferencesToObjectsAndClassDescriptors() {
        Streams.Node root = new Streams.Node("root", 7);
        Streams.Node child = new Streams.Node("child", 8);
        root.next = child;
        child.parent = root;
        byte[] bytes = serialize(out -> {
            out.writeObject(root);
            out.writeObject(child);
        });
        List<SerialNode> contents = contents(bytes);
        Obj rootNode = (Obj) contents.get(0);
        assertEquals(Streams.Node.class.getName(), rootNode.className());
        String cls = Streams.Node.class.getName();
        assertEquals(7, rootNode.field(cls, "weight"));
        assertEquals("root", ((Str) rootNode.field(cls, "name")).value());
        Obj childNode = (Obj) rootNode.field(cls, "next");
        assertEquals(8, childNode.field(cls, "weight"));
        Ref parent = (Ref) childNode.field(cls, "parent");
        assertNull(parent.target(), "root was still being built when child referred to it");
        assertSame(rootNode.classDesc(), ((Ref) childNode.classDesc()).target());
        assertEquals(cls, childNode.className());
        assertSame(childNode, ((Ref) contents.get(1)).target());
        ClassDesc desc = (ClassDesc) rootNode.classDesc();
        assertEquals(1L, desc.serialVersionUid());
        assertEquals(SerialConstants.SC_SERIALIZABLE, desc.flags());
        assertEquals(List.of(new FieldDesc('I', "weight", null), new FieldDesc('L', "name", "Ljava/lang/String;"),
            new FieldDesc('L', "next", "L" + cls.replace('.', '/') + ";"), new FieldDesc('L', "parent",
                "L" + cls.replace('.', '/') + ";")), desc.fields());
    }

    @Test
    void walksWriteObjectBlockDataAsObjectAnnotation() {
        byte[] bytes = serialize(out -> out.writeObject(new Streams.Diary()));
        Obj diary = assertInstanceOf(Obj.class, single(bytes));
        ClassDesc desc = (ClassDesc) diary.classDesc();
        assertEquals(SerialConstants.SC_SERIALIZABLE | SerialConstants.SC_WRITE_METHOD, desc.flags());
        ClassData data = diary.classData().get(0);
        assertEquals("ada", ((Str) data.fields().get("owner")).value());
        List<SerialNode> annotation = data.annotation();
        assertEquals(3, annotation.size(), annotation::toString);
        BlockData first = (BlockData) annotation.get(0);
        assertEquals(4 + 2 + 5, first.length());             // writeInt, writeUTF "entry"
        assertEquals(1815, ByteBuffer.wrap(bytes, first.dataStart(), 4).getInt());
        assertEquals("page", ((Str) annotation.get(1)).value());
        assertEquals(8, ((BlockData) annotation.get(2)).length());
    }

    @Test
    void walksExternalizableWrittenWithBlockData() {
        byte[] bytes = serialize(out -> out.writeObject(new Streams.Ext()));
        Obj ext = assertInstanceOf(Obj.class, single(bytes));
        ClassDesc desc = (ClassDesc) ext.classDesc();
        assertEquals(SerialConstants.SC_EXTERNALIZABLE | SerialConstants.SC_BLOCK_DATA, desc.flags());
        assertEquals(1, ext.classData().size());
        List<SerialNode> annotation = ext.classData().get(0).annotation();
        assertEquals(3, annotation.size());
        assertEquals("external", ((Str) annotation.get(1)).value());
        assertEquals(2, ((BlockData) annotation.get(2)).length());
    }

    @Test
    void reportsExternalizableProtocolOneAsUnwalkable() {
        byte[] bytes = serialize(out -> {
            out.useProtocolVersion(ObjectStreamConstants.PROTOCOL_VERSION_1);
            out.writeObject(new Streams.Ext());
        });
        SerialResult.Malformed bad = assertInstanceOf(SerialResult.Malformed.class, walk(bytes));
        assertEquals("TC_OBJECT.classdata.externalContents", bad.field());
        assertTrue(bad.reason().contains("cannot be walked"), bad.reason());
        assertEquals(bytes.length - (4 + 11 + 2), bad.index()); // raw data: writeInt, TC_STRING "external", writeShort
    }

    @Test
    void walksEnumsIncludingConstantWithBody() {
        byte[] bytes = serialize(out -> {
            out.writeObject(Streams.Color.GREEN);
            out.writeObject(Streams.Color.BLUE);
            out.writeObject(Streams.Color.GREEN);
        });
        List<SerialNode> contents = contents(bytes);
        SerialNode.Enum green = (SerialNode.Enum) contents.get(0);
        assertEquals("GREEN", green.constant());
        assertEquals(Streams.Color.class.getName(), green.className());
        ClassDesc desc = (ClassDesc) green.classDesc();
        assertTrue(desc.hasFlag(SerialConstants.SC_ENUM));
        assertEquals("java.lang.Enum", ((ClassDesc) desc.superClass()).className());
        SerialNode.Enum blue = (SerialNode.Enum) contents.get(1);
        assertEquals("BLUE", blue.constant());
        assertEquals(Streams.Color.class.getName(), blue.className());
        assertSame(green, ((Ref) contents.get(2)).target());
    }

    @Test
    void walksDynamicProxyWithProxyClassDesc() {
        Runnable proxy = (Runnable) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {Runnable.class}, new Streams.Handler());
        byte[] bytes = serialize(out -> out.writeObject(proxy));
        Obj obj = assertInstanceOf(Obj.class, single(bytes));
        SerialNode.ProxyClassDesc desc = assertInstanceOf(SerialNode.ProxyClassDesc.class, obj.classDesc());
        assertEquals(List.of("java.lang.Runnable"), desc.interfaces());
        assertEquals("$Proxy[java.lang.Runnable]", obj.className());
        assertEquals(List.of("java.lang.reflect.Proxy", "$Proxy[java.lang.Runnable]"),
            obj.classData().stream().map(ClassData::className).toList());
        Obj handler = (Obj) obj.field("java.lang.reflect.Proxy", "h");
        assertEquals(Streams.Handler.class.getName(), handler.className());
        assertEquals("handler", ((Str) handler.field(Streams.Handler.class.getName(), "label")).value());
    }

    @Test
    void walksThrowableWithSelfCause() {
        byte[] bytes = serialize(out -> out.writeObject(new IOException("boom")));
        Obj exception = assertInstanceOf(Obj.class, single(bytes));
        assertEquals("java.io.IOException", exception.className());
        assertEquals(List.of("java.lang.Throwable", "java.lang.Exception", "java.io.IOException"),
            exception.classData().stream().map(ClassData::className).toList());
        assertEquals("boom", ((Str) exception.field("java.lang.Throwable", "detailMessage")).value());
        assertNull(((Ref) exception.field("java.lang.Throwable", "cause")).target(), "cause == this, being built");
        Arr trace = (Arr) exception.field("java.lang.Throwable", "stackTrace");
        assertEquals("[Ljava.lang.StackTraceElement;", trace.className());
        assertTrue(trace.length() > 0);
    }

    @Test
    void keepsTcExceptionThatAbortedAnObjectAsTopLevelContent() {
        byte[] bytes = serialize(out -> {
            try {
                out.writeObject(new Streams.Holder());
            } catch (NotSerializableException expected) {
                out.writeObject("after");
            }
            try {
                out.writeObject(new Object());
            } catch (NotSerializableException expected) {
                out.writeInt(3);
            }
        });
        List<SerialNode> contents = contents(bytes);
        assertEquals(4, contents.size(), contents::toString);
        SerialNode.Exception aborted = (SerialNode.Exception) contents.get(0);
        assertTrue(aborted.start() > 4, "the partial Holder precedes TC_EXCEPTION");
        assertEquals(SerialConstants.TC_EXCEPTION, bytes[aborted.start()]);
        assertEquals("java.io.NotSerializableException", ((Obj) aborted.throwable()).className());
        assertEquals("after", ((Str) contents.get(1)).value());
        SerialNode.Exception topLevel = (SerialNode.Exception) contents.get(2);
        assertEquals(contents.get(1).end(), topLevel.start());
        assertEquals(4, ((BlockData) contents.get(3)).length());
    }

    @Test
    void walksObjIdFields() {
        byte[] bytes = serialize(out -> {
            out.writeObject(new ObjID(ObjID.DGC_ID));
            out.writeObject(new ObjID());
        });
        List<SerialNode> contents = contents(bytes);
        Obj objId = (Obj) contents.get(0);
        assertEquals("java.rmi.server.ObjID", objId.className());
        assertEquals(2L, objId.field("java.rmi.server.ObjID", "objNum"));
        Obj space = (Obj) objId.field("java.rmi.server.ObjID", "space");
        assertEquals(Map.of("unique", 0, "time", 0L, "count", (short) 0), space.classData().get(0).fields());
        assertEquals("java.rmi.server.ObjID", ((Obj) contents.get(1)).className());
    }

    @Test
    void walksLeaseValueAndVmid() {
        VMID vmid = new VMID();
        byte[] bytes = serialize(out -> out.writeObject(new Lease(vmid, 600_000L)));
        Obj lease = assertInstanceOf(Obj.class, single(bytes));
        assertEquals("java.rmi.dgc.Lease", lease.className());
        assertEquals(600_000L, lease.field("java.rmi.dgc.Lease", "value"));
        Obj walked = (Obj) lease.field("java.rmi.dgc.Lease", "vmid");
        assertEquals("java.rmi.dgc.VMID", walked.className());
        Arr addr = (Arr) walked.field("java.rmi.dgc.VMID", "addr");
        Obj uid = (Obj) walked.field("java.rmi.dgc.VMID", "uid");
        StringBuilder text = new StringBuilder();
        for (int i = addr.elementsStart(); i < addr.end(); i++) text.append(String.format("%02x", bytes[i] & 0xff));
        text.append(':').append(Integer.toString((int) uid.field("java.rmi.server.UID", "unique"), 16))
            .append(':').append(Long.toString((long) uid.field("java.rmi.server.UID", "time"), 16))
            .append(':').append(Integer.toString((short) uid.field("java.rmi.server.UID", "count"), 16));
        assertEquals(vmid.toString(), text.toString());
    }

    @Test
    void walksHashMapEntriesAfterItsBlockData() {
        HashMap<String, Integer> map = new HashMap<>(Map.of("a", 1, "b", 2));
        byte[] bytes = serialize(out -> out.writeObject(map));
        Obj obj = assertInstanceOf(Obj.class, single(bytes));
        ClassData data = obj.classData().get(0);
        assertEquals("java.util.HashMap", data.className());
        assertEquals(0.75f, data.fields().get("loadFactor"));
        List<SerialNode> annotation = data.annotation();
        assertEquals(5, annotation.size(), annotation::toString);
        BlockData sizes = (BlockData) annotation.get(0);
        assertEquals(8, sizes.length());
        assertEquals(2, ByteBuffer.wrap(bytes).getInt(sizes.dataStart() + 4)); // buckets, then size
        Obj one = (Obj) annotation.get(2);
        assertEquals("java.lang.Integer", one.className());
        assertEquals(List.of("java.lang.Number", "java.lang.Integer"),
            one.classData().stream().map(ClassData::className).toList());
        assertEquals(map.get(((Str) annotation.get(1)).value()), one.field("java.lang.Integer", "value"));
    }

    @Test
    void walksTopLevelBlockDataMixedWithObjectsAndResets() {
        byte[] bytes = serialize(out -> {
            out.writeInt(7);
            out.writeObject("x");
            out.writeLong(9L);
            out.write(new byte[2000]);
            out.writeObject(Integer.valueOf(5));
            out.reset();
            out.writeObject("x");
            out.writeByte(1);
        });
        List<String> kinds = contents(bytes).stream().map(n -> n.getClass().getSimpleName()).toList();
        assertEquals(List.of("BlockData", "Str", "BlockData", "BlockData", "Obj", "Reset", "Str", "BlockData"), kinds);
        List<SerialNode> contents = contents(bytes);
        assertEquals(1024, ((BlockData) contents.get(2)).length()); // writeLong + 1016 of the 2000 bytes: blocks hold 1024
        assertEquals(SerialConstants.TC_BLOCKDATALONG, bytes[contents.get(2).start()]);
        assertEquals(984, ((BlockData) contents.get(3)).length());
    }

    @Test
    void completesAtFirstByteThatCannotStartContent() {
        byte[] stream = serialize(out -> {
            out.writeObject(new Lease(new VMID(), 1L));
            out.writeInt(1);
        });
        byte[] bytes = Arrays.copyOf(stream, stream.length + 3);
        bytes[stream.length] = 0x51; // JRMP ReturnData, the next message
        SerialResult.Complete done = assertInstanceOf(SerialResult.Complete.class, walk(bytes));
        assertEquals(stream.length, done.end());
        assertEquals(2, done.contents().size());
    }

    @Test
    void walksFromAnAbsoluteStartWithoutTouchingTheBuffer() {
        byte[] stream = serialize(out -> out.writeObject(new Streams.Diary()));
        ByteBuffer buf = ByteBuffer.allocateDirect(stream.length + 20).order(ByteOrder.LITTLE_ENDIAN);
        buf.position(7);
        buf.put(stream);
        buf.put((byte) 0x50);
        buf.position(3).limit(stream.length + 15);
        SerialResult result = new SerialWalker(DecoderLimits.DEFAULT).walkStream(buf, 7, stream.length + 15);
        assertEquals(7 + stream.length, assertInstanceOf(SerialResult.Complete.class, result).end());
        assertEquals(3, buf.position());
        assertEquals(stream.length + 15, buf.limit());
        assertEquals(ByteOrder.LITTLE_ENDIAN, buf.order());
        Obj diary = (Obj) ((SerialResult.Complete) result).contents().get(0);
        assertEquals(7 + 4, diary.start());
    }
}
