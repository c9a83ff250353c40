package io.wireanalyze.cli;

import io.wireanalyze.protocol.jrmp.RmiMethodHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.*;

/** --interfaces: method names from class files read as bytes, checked against reflection. */
class MethodNamesTest {

    private static byte[] classBytes(Class<?> c) throws Exception {
        var jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path p = jrt.getPath("modules", c.getModule().getName(), c.getName().replace('.', '/') + ".class");
        return Files.readAllBytes(p);
    }

    @Test
    void readsTheSameMethodsAsReflection() throws Exception {
        for (Class<?> c : new Class<?>[]{java.rmi.registry.Registry.class, java.util.Map.class, String.class}) {
            Set<String> fromBytes = new TreeSet<>();
            for (var m : ClassFileMethods.read(classBytes(c), c.getName())) fromBytes.add(m.name() + m.descriptor());
            Set<String> fromReflection = new TreeSet<>();
            for (Method m : c.getDeclaredMethods()) fromReflection.add(m.getName() + MethodNames.descriptor(m));
            // Reflection hides synthetic bridge methods only in some cases; every reflected method must be there.
            assertTrue(fromBytes.containsAll(fromReflection), c + ": missing " + diff(fromReflection, fromBytes));
        }
    }

    @Test
    void namesHashesFromAJar(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("app.jar");
        try (var out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("java/rmi/registry/Registry.class"));
            out.write(classBytes(java.rmi.registry.Registry.class));
            out.closeEntry();
        }
        var names = new MethodNames().addFile(jar).asMap();
        assertEquals("lookup", names.get(RmiMethodHash.of("lookup(Ljava/lang/String;)Ljava/rmi/Remote;")));
        assertEquals("rebind", names.get(RmiMethodHash.of("rebind(Ljava/lang/String;Ljava/rmi/Remote;)V")));
    }

    @Test
    void aFileThatIsNotAJarIsOneClearError(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("x.jar"), "not a jar");
        var e = assertThrows(java.io.IOException.class, () -> new MethodNames().addFile(bad));
        assertTrue(e.getMessage().startsWith(bad + ": not a jar or class file"), e.getMessage());
    }

    @Test
    void aTruncatedClassFileNamesTheOffset() throws Exception {
        byte[] b = classBytes(java.rmi.Remote.class);
        var e = assertThrows(IllegalArgumentException.class, () -> ClassFileMethods.read(java.util.Arrays.copyOf(b, 30), "Remote.class"));
        assertTrue(e.getMessage().startsWith("Remote.class: class file ends early"), e.getMessage());
    }

    private static Set<String> diff(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }
}
