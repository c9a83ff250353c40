package io.wireanalyze.cli;

import io.wireanalyze.protocol.jrmp.RmiMethodHash;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Names RMI methods from their hashes: the workloads' interfaces, and every method in jars (or class files)
 * the user passes with --interfaces. Classes are read as bytes, never loaded.
 */
final class MethodNames {

    private final Map<Long, String> names = new HashMap<>();
    private final Map<Long, String> owners = new HashMap<>();

    Map<Long, String> asMap() {
        return Map.copyOf(names);
    }

    /** Adds the methods of a loaded interface (our own workloads'). */
    MethodNames add(Class<?> type) {
        for (Method m : type.getMethods()) {
            add(type.getName(), m.getName(), descriptor(m));
        }
        return this;
    }

    /** Adds every method of every class in a jar, or of one class file. */
    MethodNames addFile(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (name.endsWith(".class")) {
            for (var m : ClassFileMethods.read(java.nio.file.Files.readAllBytes(file), file.toString()))
                add(m.className(), m.name(), m.descriptor());
            return this;
        }
        try (JarFile jar = new JarFile(file.toFile())) {
            var entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                if (!e.getName().endsWith(".class") || e.getName().endsWith("module-info.class")) continue;
                try (InputStream in = jar.getInputStream(e)) {
                    for (var m : ClassFileMethods.read(in.readAllBytes(), file + "!" + e.getName()))
                        add(m.className(), m.name(), m.descriptor());
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new IOException(file + ": not a jar or class file (" + e.getMessage() + ")");
        }
        return this;
    }

    /**
     * Reads {@code --method-names}: one method a line, a full signature ({@code sendInts([I)I}: named exactly by its
     * hash) or a bare name (tried when guessing); blank lines and {@code #} comments skipped. Returns the bare names.
     */
    java.util.Set<String> addNamesFile(Path file) throws IOException {
        java.util.Set<String> words = new java.util.LinkedHashSet<>();
        int n = 0;
        for (String raw : java.nio.file.Files.readAllLines(file)) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            int paren = line.indexOf('(');
            if (paren > 0 && line.indexOf(')') > paren) {
                add(file + ":" + n, line.substring(0, paren), line.substring(paren));
            } else if (line.chars().allMatch(Character::isJavaIdentifierPart) && Character.isJavaIdentifierStart(line.charAt(0))) {
                words.add(line);
            } else {
                throw new IOException(file + ": line " + n + ": '" + line + "' (expected: a method name, or a signature such as sendInts([I)I)");
            }
        }
        return words;
    }

    private void add(String owner, String name, String descriptor) {
        long hash = RmiMethodHash.of(name + descriptor);
        String previous = names.putIfAbsent(hash, name);
        if (previous != null && !previous.equals(name)) {
            names.put(hash, previous + "|" + name);   // a real hash collision: show both
        }
        owners.putIfAbsent(hash, owner);
    }

    static String descriptor(Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) sb.append(descriptor(p));
        return sb.append(')').append(descriptor(m.getReturnType())).toString();
    }

    static String descriptor(Class<?> c) {
        if (c.isArray()) return c.getName().replace('.', '/');
        if (c == void.class) return "V";
        if (c == int.class) return "I";
        if (c == long.class) return "J";
        if (c == short.class) return "S";
        if (c == byte.class) return "B";
        if (c == char.class) return "C";
        if (c == boolean.class) return "Z";
        if (c == float.class) return "F";
        if (c == double.class) return "D";
        return "L" + c.getName().replace('.', '/') + ";";
    }
}
