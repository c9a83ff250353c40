package io.wireanalyze.serial;

import java.util.List;
import java.util.Objects;

/**
 * One parsed element of a serialization stream (Java Object Serialization Specification §6.4.1 "Rules of the
 * Grammar"). Spans are absolute buffer indexes {@code [start, end)}. Nodes describe structure only: nothing is
 * instantiated and no class is loaded.
 *
 * <p>Nodes form a DAG, never a cycle: a {@link Ref} points at the node its handle was assigned to, which was
 * finished before the reference (or is {@code null}, see {@link Ref}).
 */
public sealed interface SerialNode {

    int start();

    int end();

    /** §6.4.1 {@code blockdatashort} / {@code blockdatalong}: bytes {@code [dataStart, end)} are the payload. */
    record BlockData(int start, int end, int dataStart) implements SerialNode {
        public int length() {
            return end - dataStart;
        }
    }

    /** §6.4.1 {@code nullReference: TC_NULL}. */
    record NullRef(int start, int end) implements SerialNode {
    }

    /**
     * §6.4.1 {@code prevObject: TC_REFERENCE (int)handle}. {@code target} is the node the handle was assigned to,
     * or {@code null} when that node was still being built at this point of the stream (a back reference into an
     * enclosing object, i.e. a cycle such as a child pointing at its parent). Equality, hash and toString look at
     * the target's kind and span only, so comparing or printing deep graphs stays linear.
     */
    record Ref(int start, int end, int handle, SerialNode target) implements SerialNode {
        @Override
        public boolean equals(Object o) {
            return o instanceof Ref r && r.start == start && r.end == end && r.handle == handle
                && Objects.equals(shallow(r.target), shallow(target));
        }

        @Override
        public int hashCode() {
            return Objects.hash(start, end, handle, shallow(target));
        }

        @Override
        public String toString() {
            return String.format("Ref[start=%d, end=%d, handle=0x%x, target=%s]", start, end, handle, shallow(target));
        }

        private static String shallow(SerialNode n) {
            return n == null ? "(being built)" : n.getClass().getSimpleName() + "@" + n.start() + ".." + n.end();
        }
    }

    /** §6.4.1 {@code newString}: TC_STRING or TC_LONGSTRING; {@code value} holds at most maxStringChars chars. */
    record Str(int start, int end, String value, int utfLength, boolean truncated) implements SerialNode {
    }

    /** §6.4.1 {@code newClassDesc: TC_CLASSDESC className serialVersionUID newHandle classDescInfo}. */
    record ClassDesc(int start, int end, String className, long serialVersionUid, int flags, List<FieldDesc> fields,
                     List<SerialNode> annotation, SerialNode superClass) implements SerialNode {
        public ClassDesc {
            fields = List.copyOf(fields);
            annotation = List.copyOf(annotation);
        }

        public boolean hasFlag(int flag) {
            return (flags & flag) != 0;
        }
    }

    /** §6.4.1 {@code newClassDesc: TC_PROXYCLASSDESC newHandle proxyClassDescInfo}. */
    record ProxyClassDesc(int start, int end, List<String> interfaces, List<SerialNode> annotation,
                          SerialNode superClass) implements SerialNode {
        public ProxyClassDesc {
            interfaces = List.copyOf(interfaces);
            annotation = List.copyOf(annotation);
        }

        /** "$Proxy" followed by the interface list, e.g. {@code $Proxy[java.rmi.Remote]}. */
        public String className() {
            return "$Proxy" + interfaces;
        }
    }

    /** §6.4.1 {@code newObject: TC_OBJECT classDesc newHandle classdata[]}; classDesc is never a NullRef. */
    record Obj(int start, int end, SerialNode classDesc, List<ClassData> classData) implements SerialNode {
        public Obj {
            classData = List.copyOf(classData);
        }

        /** Name of the most-derived class, or "$Proxy" + interfaces for a proxy. */
        public String className() {
            return nameOf(classDesc);
        }

        /** The data of the class with this name, or null; e.g. {@code field("java.rmi.dgc.Lease", "value")}. */
        public Object field(String className, String fieldName) {
            for (ClassData data : classData)
                if (data.className().equals(className)) return data.fields().get(fieldName);
            return null;
        }
    }

    /**
     * §6.4.1 {@code newArray: TC_ARRAY classDesc newHandle (int)<size> values[size]}. Elements are kept only for
     * arrays of objects; primitive values are bytes {@code [elementsStart, end)}.
     */
    record Arr(int start, int end, SerialNode classDesc, String className, int length, int elementsStart,
               List<SerialNode> elements) implements SerialNode {
        public Arr {
            elements = List.copyOf(elements);
        }
    }

    /** §6.4.1 {@code newEnum: TC_ENUM classDesc newHandle enumConstantName}. */
    record Enum(int start, int end, SerialNode classDesc, String constant) implements SerialNode {
        public String className() {
            return nameOf(classDesc);
        }
    }

    /** §6.4.1 {@code newClass: TC_CLASS classDesc newHandle}: a {@code java.lang.Class} instance. */
    record ClassObj(int start, int end, SerialNode classDesc) implements SerialNode {
    }

    /**
     * §6.4.1 {@code exception: TC_EXCEPTION reset (Throwable)object reset}: the writer failed and wrote the
     * exception instead. When it appears inside an object, that object is incomplete and is dropped; this node
     * then becomes the top-level content (the reader's readObject throws WriteAbortedException there too).
     */
    record Exception(int start, int end, SerialNode throwable) implements SerialNode {
    }

    /** §6.4.1 {@code reset: TC_RESET}; handles restart at BASE_WIRE_HANDLE after it. */
    record Reset(int start, int end) implements SerialNode {
    }

    /** The class name a descriptor node (ClassDesc, ProxyClassDesc or a Ref to one) stands for. */
    static String nameOf(SerialNode classDesc) {
        if (classDesc instanceof Ref r) classDesc = r.target();
        if (classDesc instanceof ClassDesc d) return d.className();
        if (classDesc instanceof ProxyClassDesc p) return p.className();
        return "?";
    }
}
