package io.wireanalyze.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.wireanalyze.codec.DecoderLimits;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.io.NotSerializableException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.rmi.dgc.Lease;
import java.rmi.dgc.VMID;
import java.rmi.server.ObjID;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Streams written by the JDK's ObjectOutputStream (writing only; nothing here ever reads them back). */
final class Streams {

    interface Writer {
        void write(ObjectOutputStream out) throws IOException;
    }

    interface RawWriter {
        void write(DataOutputStream out) throws IOException;
    }

    private Streams() {
    }

    static byte[] serialize(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Hand-made bytes, for streams ObjectOutputStream would never write. */
    static byte[] raw(RawWriter writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static SerialResult walk(byte[] bytes, DecoderLimits limits) {
        return new SerialWalker(limits).walkStream(ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    static SerialResult walk(byte[] bytes) {
        return walk(bytes, DecoderLimits.DEFAULT);
    }

    /** Walks a whole stream, asserts it ends exactly at its last byte, and returns its top-level contents. */
    static List<SerialNode> contents(byte[] bytes) {
        SerialResult.AtBoundary at = assertInstanceOf(SerialResult.AtBoundary.class, walk(bytes));
        assertEquals(bytes.length, at.end());
        return at.contents();
    }

    static SerialNode single(byte[] bytes) {
        List<SerialNode> contents = contents(bytes);
        assertEquals(1, contents.size(), contents::toString);
        return contents.get(0);
    }

    /** Every kind of stream the tests write, by name, for the prefix and fuzz tests. */
    static Map<String, byte[]> corpus() {
        Map<String, byte[]> corpus = new LinkedHashMap<>();
        corpus.put("strings", serialize(out -> {
            out.writeObject("h\u00e9llo \u20ac\u0000");
            out.writeObject("x".repeat(300));
        }));
        corpus.put("longString", serialize(out -> out.writeObject("y".repeat(70_000))));
        corpus.put("int6000", serialize(out -> out.writeObject(new int[6000])));
        corpus.put("arrays", serialize(out -> {
            out.writeObject("abc".toCharArray());
            out.writeObject(new double[] {1.5});
            out.writeObject(new String[] {"p", null, "p"});
            out.writeObject(new int[][] {{1}, {2, 3}});
            out.writeObject(new boolean[3]);
        }));
        Node root = new Node("root", 7);
        root.next = new Node("child", 8);
        root.next.parent = root;
        corpus.put("nodes", serialize(out -> {
            out.writeObject(root);
            out.writeObject(root.next);
        }));
        corpus.put("writeObject", serialize(out -> out.writeObject(new Diary())));
        corpus.put("externalizable", serialize(out -> out.writeObject(new Ext())));
        corpus.put("enums", serialize(out -> {
            out.writeObject(Color.GREEN);
            out.writeObject(Color.BLUE);
        }));
        corpus.put("proxy", serialize(out -> out.writeObject(Proxy.newProxyInstance(Streams.class.getClassLoader(),
            new Class<?>[] {Runnable.class}, new Handler()))));
        corpus.put("throwable", serialize(out -> out.writeObject(new IOException("boom"))));
        corpus.put("tcException", serialize(out -> {
            try {
                out.writeObject(new Holder());
            } catch (NotSerializableException expected) {
                out.writeObject("after");
            }
        }));
        corpus.put("objId", serialize(out -> out.writeObject(new ObjID(ObjID.DGC_ID))));
        corpus.put("lease", serialize(out -> out.writeObject(new Lease(new VMID(), 600_000L))));
        corpus.put("hashMap", serialize(out -> out.writeObject(new HashMap<>(Map.of("a", 1, "b", List.of(2L))))));
        corpus.put("mixed", serialize(out -> {
            out.writeInt(7);
            out.writeObject(ObjID.class);
            out.writeLong(9L);
            out.write(new byte[600]);
            out.writeObject(Integer.valueOf(5));
            out.reset();
            out.writeObject(Integer.valueOf(6));
            out.writeByte(1);
        }));
        return corpus;
    }

    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        Node next;
        Node parent;
        int weight;

        Node(String name, int weight) {
            this.name = name;
            this.weight = weight;
        }
    }

    /** A class whose writeObject writes optional data after its fields (SC_WRITE_METHOD). */
    static final class Diary implements Serializable {
        private static final long serialVersionUID = 2L;
        final String owner = "ada";

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(1815);
            out.writeUTF("entry");
            out.writeObject("page");
            out.writeLong(-1L);
        }
    }

    public static final class Ext implements Externalizable {
        private static final long serialVersionUID = 3L;

        public Ext() {
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(77);
            out.writeObject("external");
            out.writeShort(5);
        }

        @Override
        public void readExternal(ObjectInput in) {
            throw new UnsupportedOperationException("never read in these tests");
        }
    }

    enum Color { RED, GREEN, BLUE { @Override public String toString() { return "b"; } } }

    static final class Handler implements InvocationHandler, Serializable {
        private static final long serialVersionUID = 4L;
        final String label = "handler";

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            return null;
        }
    }

    /** Serializable, but its payload is not: writing it aborts mid-object with TC_EXCEPTION. */
    static final class Holder implements Serializable {
        private static final long serialVersionUID = 5L;
        final String name = "holder";
        final Object payload = new Object();
    }
}
