package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.serial.SerialNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A call's arguments as the serialization stream shows them, read structurally: primitives are block data after
 * the call header (their types are not written: only their size is known), objects carry their class. Described for
 * the report ({@code int[6000], String}) and turned into the method descriptors they may have been declared with.
 *
 * @param shown       for the report, e.g. {@code int[6000], String}; {@code 8 bytes of primitives} where types are not written
 * @param descriptors JVM parameter descriptors the arguments fit, e.g. {@code ([I)}, at most {@link #MAX_DESCRIPTORS}
 */
record Arguments(String shown, List<String> descriptors) {

    static final int MAX_DESCRIPTORS = 64;

    /** {@code contents}: the call's serialization contents, the first being its header block of {@code headerLength} bytes. */
    static Arguments of(List<SerialNode> contents, int headerLength) {
        List<String> shown = new ArrayList<>();
        List<List<String>> slots = new ArrayList<>();
        for (int i = 0; i < contents.size(); i++) {
            SerialNode n = JrmpParser.resolve(contents.get(i));
            if (n instanceof SerialNode.BlockData b) {
                int bytes = b.end() - b.dataStart() - (i == 0 ? headerLength : 0);
                if (bytes <= 0) continue;
                shown.add(bytes + " bytes of primitives");
                slots.add(primitives(bytes));
            } else if (n instanceof SerialNode.Arr a) {
                shown.add(arrayShown(a));
                slots.add(List.of(a.className().replace('.', '/'), "Ljava/lang/Object;"));
            } else if (n instanceof SerialNode.Str) {
                shown.add("String");
                slots.add(List.of("Ljava/lang/String;", "Ljava/lang/Object;"));
            } else if (n instanceof SerialNode.Obj o) {
                shown.add(simpleName(o.className()));
                slots.add(List.of("L" + o.className().replace('.', '/') + ";", "Ljava/lang/Object;"));
            } else if (n instanceof SerialNode.Enum e && JrmpParser.resolve(e.classDesc()) instanceof SerialNode.ClassDesc d) {
                shown.add(simpleName(d.className()));
                slots.add(List.of("L" + d.className().replace('.', '/') + ";", "Ljava/lang/Object;"));
            } else if (n instanceof SerialNode.NullRef) {
                shown.add("null");
                slots.add(List.of("Ljava/lang/Object;", "Ljava/lang/String;"));
            } else {
                shown.add(n.getClass().getSimpleName().toLowerCase());
                slots.add(List.of("Ljava/lang/Object;"));
            }
        }
        List<String> descriptors = new ArrayList<>(List.of("("));
        for (List<String> slot : slots) {
            List<String> next = new ArrayList<>();
            for (String prefix : descriptors) for (String s : slot) if (next.size() < MAX_DESCRIPTORS) next.add(prefix + s);
            descriptors = next;
        }
        descriptors.replaceAll(d -> d + ")");
        return new Arguments(String.join(", ", shown), List.copyOf(descriptors));
    }

    /** The primitive types a block of {@code bytes} may hold, when it is one argument. */
    private static List<String> primitives(int bytes) {
        return switch (bytes) {
            case 1 -> List.of("Z", "B");
            case 2 -> List.of("S", "C");
            case 4 -> List.of("I", "F");
            case 8 -> List.of("J", "D", "II");
            case 12 -> List.of("IJ", "JI", "III");
            case 16 -> List.of("JJ", "DD");
            default -> List.of("?");
        };
    }

    /** The argument's simple class names, for method names made of a verb and a noun ({@code sendInts}). */
    List<String> nouns() {
        List<String> out = new ArrayList<>();
        for (String s : shown.split(", ")) {
            if (s.isEmpty() || s.contains("bytes of primitives") || s.equals("null")) continue;
            String base = s.replaceAll("\\[.*", "");
            if (s.contains("[")) {
                String cap = Character.toUpperCase(base.charAt(0)) + base.substring(1);
                out.add(cap + "s");
                out.add(cap + "Array");
                out.add("Array");
            } else if (base.equals("String")) {
                out.addAll(List.of("String", "Chars", "Message", "Text", "Name", "Strings"));
            } else {
                out.add(base);
                out.add(base + "s");
            }
            out.add("Data");
        }
        return out;
    }

    private static String arrayShown(SerialNode.Arr a) {
        String name = a.className();
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') dims++;
        String element = javaName(name.substring(dims));
        return element + "[" + a.length() + "]" + "[]".repeat(Math.max(0, dims - 1));
    }

    /** A descriptor's element as Java writes it: {@code I} is int, {@code Ljava.lang.String;} is String. */
    private static String javaName(String element) {
        return switch (element) {
            case "I" -> "int";
            case "J" -> "long";
            case "B" -> "byte";
            case "S" -> "short";
            case "C" -> "char";
            case "Z" -> "boolean";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";") ? simpleName(element.substring(1, element.length() - 1)) : element;
        };
    }

    private static String simpleName(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
