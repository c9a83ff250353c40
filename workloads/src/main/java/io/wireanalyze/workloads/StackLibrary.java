package io.wireanalyze.workloads;

import java.io.IOException;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The jars of one stack a workload runs on (an ORB, or Jetty and Netty) and the class path of the workload JVMs
 * that need it.
 *
 * <p>Why: JDK 11 removed CORBA, and JacORB's {@code org.omg} classes and the GlassFish ORB's cannot share a
 * flat class path (same packages, different implementations and delegates); Jetty and Netty could, but the CLI
 * needs neither. So no stack is on the CLI's class path: the build copies each into its own directory
 * ({@code workloads/target/lib/<protocol>}, maven-dependency-plugin), and the workloads launch the JVMs that
 * need it with {@link #classPath()}: that directory's jars, then the jar or directory holding the workload
 * classes (the CLI's shaded jar, or {@code workloads/target/classes} in this module's tests).
 *
 * <p>Each stack is a constant in the package of the workload that runs on it ({@link #in}), beside the workload
 * that launches with it: JacORB in {@code iiop}, the GlassFish ORB in {@code rmiiiop}, Jetty and Netty in
 * {@code httprmi}, CXF and Metro in {@code soap}, the TLS key-log agent in {@code jrmptls}, Caucho's in {@code hessian},
 * Spring's in {@code httpinvoker}, Apache XML-RPC's in {@code xmlrpc}.
 *
 * <p>Where the directory is found, first match wins:
 * <ol>
 *   <li>{@code -Dwireanalyze.workloads.lib=DIR} ({@link #LIB_PROPERTY}): {@code DIR/iiop}, {@code DIR/rmi-iiop}, ...;</li>
 *   <li>beside the workload classes: {@code target/classes} gives {@code target/lib}; a jar gives
 *       {@code lib} beside it;</li>
 *   <li>a jar in a clone's {@code cli/target} gives {@code workloads/target/lib} of that clone.</li>
 * </ol>
 */
public final class StackLibrary {
    /** System property naming the directory that holds {@code iiop/}, {@code rmi-iiop/} ... */
    public static final String LIB_PROPERTY = "wireanalyze.workloads.lib";

    private final String directoryName;

    private StackLibrary(String directoryName) {
        this.directoryName = directoryName;
    }

    /**
     * The stack whose jars the build copies into {@code target/lib/<directoryName>} (a copy step in
     * {@code workloads/pom.xml}): a constant in the package of the workload that runs on it, e.g.
     * {@code IiopWorkload.JACORB = StackLibrary.in("iiop")}.
     */
    public static StackLibrary in(String directoryName) {
        if (directoryName.isEmpty() || directoryName.contains("/") || directoryName.contains(File.separator))
            throw new IllegalArgumentException("stack directory '" + directoryName + "' (expected: one name, e.g. iiop)");
        return new StackLibrary(directoryName);
    }

    /** The name of this stack's jar directory, e.g. {@code iiop}. */
    public String directoryName() {
        return directoryName;
    }

    /**
     * This stack's jars (sorted by file name) followed by the location of the workload classes, joined with
     * the path separator.
     *
     * @throws WorkloadException when no candidate directory holds a jar; the message lists where it looked
     */
    public String classPath() throws WorkloadException {
        Path code = codeLocation();
        List<Path> jars = jars(candidates(Optional.ofNullable(System.getProperty(LIB_PROPERTY)), code,
                Files.isDirectory(code)));
        List<String> entries = new ArrayList<>();
        jars.forEach(j -> entries.add(j.toString()));
        entries.add(code.toString());
        return String.join(File.pathSeparator, entries);
    }

    /** This stack's jars, sorted by file name (not a class path: jrmp-tls's agent is given to {@code -javaagent}). */
    public List<Path> jarFiles() throws WorkloadException {
        Path code = codeLocation();
        return jars(candidates(Optional.ofNullable(System.getProperty(LIB_PROPERTY)), code, Files.isDirectory(code)));
    }

    /** The jars of the first candidate directory that has any. */
    List<Path> jars(List<Path> candidates) throws WorkloadException {
        for (Path dir : candidates) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.list(dir)) {
                List<Path> jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
                if (!jars.isEmpty()) return jars;
            } catch (IOException e) {
                throw new WorkloadException(directoryName + " jars: " + dir + ": " + e.getMessage(), e);
            }
        }
        throw new WorkloadException(directoryName + " jars: none in "
                + candidates.stream().map(Path::toString).collect(Collectors.joining(", "))
                + " (expected: the jars `mvn package` copies into workloads/target/lib/" + directoryName
                + ", or -D" + LIB_PROPERTY + "=DIR with DIR/" + directoryName + "/*.jar)");
    }

    /** Where to look for this stack's directory, in order (see the class comment). */
    List<Path> candidates(Optional<String> property, Path code, boolean codeIsDirectory) {
        if (property.isPresent()) return List.of(Path.of(property.get()).toAbsolutePath().resolve(directoryName));
        List<Path> roots = new ArrayList<>();
        Path parent = code.getParent();
        if (parent != null) {
            if (codeIsDirectory) {
                roots.add(parent.resolve("lib"));                                  // workloads/target/classes
            } else {
                roots.add(parent.resolve("lib"));                                  // lib beside the jar
                Path module = parent.getParent();
                if (module != null && module.getParent() != null)
                    roots.add(module.getParent().resolve("workloads").resolve("target").resolve("lib")); // cli/target/x.jar
            }
        }
        return roots.stream().map(r -> r.resolve(directoryName).normalize()).distinct().toList();
    }

    /** The jar or class directory this class was loaded from. */
    static Path codeLocation() throws WorkloadException {
        CodeSource source = StackLibrary.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null)
            throw new WorkloadException("workload classes: no code source (expected: loaded from a jar or a directory)");
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new WorkloadException("workload classes: location " + source.getLocation() + ": " + e.getMessage()
                    + " (expected: a local jar or directory)", e);
        }
    }

    @Override
    public String toString() {
        return directoryName;
    }
}
