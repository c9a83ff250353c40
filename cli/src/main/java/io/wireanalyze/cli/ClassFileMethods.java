package io.wireanalyze.cli;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the methods (name and descriptor) of a class file without loading it (JVM Specification 4.1, 4.4,
 * 4.6): the constant pool is walked for its UTF-8 entries, then the method table.
 */
final class ClassFileMethods {

    /** A method as the class file names it. */
    record MethodRef(String className, String name, String descriptor) {
    }

    private static final int MAGIC = 0xCAFEBABE;
    private static final int CONSTANT_UTF8 = 1, CONSTANT_INTEGER = 3, CONSTANT_FLOAT = 4, CONSTANT_LONG = 5,
            CONSTANT_DOUBLE = 6, CONSTANT_CLASS = 7, CONSTANT_STRING = 8, CONSTANT_FIELDREF = 9,
            CONSTANT_METHODREF = 10, CONSTANT_INTERFACE_METHODREF = 11, CONSTANT_NAME_AND_TYPE = 12,
            CONSTANT_METHOD_HANDLE = 15, CONSTANT_METHOD_TYPE = 16, CONSTANT_DYNAMIC = 17,
            CONSTANT_INVOKE_DYNAMIC = 18, CONSTANT_MODULE = 19, CONSTANT_PACKAGE = 20;

    private ClassFileMethods() {
    }

    /** The methods of a class file; throws IllegalArgumentException naming the offset when it is not one. */
    static List<MethodRef> read(byte[] bytes, String source) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        try {
            if (b.getInt() != MAGIC) throw new IllegalArgumentException(source + ": not a class file (no 0xCAFEBABE at byte 0)");
            b.getShort();
            b.getShort();
            int count = b.getShort() & 0xffff;
            String[] utf8 = new String[count];
            int[] classNameIndex = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = b.get() & 0xff;
                switch (tag) {
                    case CONSTANT_UTF8 -> {
                        int len = b.getShort() & 0xffff;
                        byte[] s = new byte[len];
                        b.get(s);
                        utf8[i] = new String(s, java.nio.charset.StandardCharsets.UTF_8);
                    }
                    case CONSTANT_CLASS -> classNameIndex[i] = b.getShort() & 0xffff;
                    case CONSTANT_STRING, CONSTANT_METHOD_TYPE, CONSTANT_MODULE, CONSTANT_PACKAGE -> b.getShort();
                    case CONSTANT_INTEGER, CONSTANT_FLOAT, CONSTANT_FIELDREF, CONSTANT_METHODREF,
                            CONSTANT_INTERFACE_METHODREF, CONSTANT_NAME_AND_TYPE, CONSTANT_DYNAMIC,
                            CONSTANT_INVOKE_DYNAMIC -> b.getInt();
                    case CONSTANT_LONG, CONSTANT_DOUBLE -> {
                        b.getLong();
                        i++;
                    }
                    case CONSTANT_METHOD_HANDLE -> {
                        b.get();
                        b.getShort();
                    }
                    default -> throw new IllegalArgumentException(source + ": constant pool tag " + tag + " at byte "
                            + (b.position() - 1) + " (expected: 1..20)");
                }
            }
            b.getShort();
            int thisClass = b.getShort() & 0xffff;
            String className = thisClass < count && classNameIndex[thisClass] < count ? utf8[classNameIndex[thisClass]] : "?";
            b.getShort();
            int interfaces = b.getShort() & 0xffff;
            b.position(b.position() + 2 * interfaces);
            int fields = b.getShort() & 0xffff;
            for (int i = 0; i < fields; i++) skipMember(b);
            int methods = b.getShort() & 0xffff;
            List<MethodRef> out = new ArrayList<>(methods);
            for (int i = 0; i < methods; i++) {
                b.getShort();
                String name = utf8[b.getShort() & 0xffff];
                String descriptor = utf8[b.getShort() & 0xffff];
                skipAttributes(b);
                if (name != null && descriptor != null && !name.startsWith("<"))
                    out.add(new MethodRef(className == null ? "?" : className.replace('/', '.'), name, descriptor));
            }
            return out;
        } catch (java.nio.BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException(source + ": class file ends early or an index is out of range at byte " + b.position());
        }
    }

    private static void skipMember(ByteBuffer b) {
        b.getShort();
        b.getShort();
        b.getShort();
        skipAttributes(b);
    }

    private static void skipAttributes(ByteBuffer b) {
        int count = b.getShort() & 0xffff;
        for (int i = 0; i < count; i++) {
            b.getShort();
            int len = b.getInt();
            if (len < 0 || len > b.remaining()) throw new IndexOutOfBoundsException();
            b.position(b.position() + len);
        }
    }
}
