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
 * <p>Where the directory is found, first match wins:
 * <ol>
 *   <li>{@code -Dwireanalyze.workloads.lib=DIR} ({@link #LIB_PROPERTY}): {@code DIR/iiop}, {@code DIR/rmi-iiop}, ...;</li>
 *   <li>beside the workload classes: {@code target/classes} gives {@code target/lib}; a jar gives
 *       {@code lib} beside it;</li>
 *   <li>a jar in a clone's {@code cli/target} gives {@code workloads/target/lib} of that clone.</li>
 * </ol>
 */
public enum StackLibrary {
    /** JacORB 3.9 with its omgapi, the javax.rmi API JacORB needs on JDK 11+, slf4j. */
    JACORB("iiop"),
    /** The GlassFish ORB 4.2.5 with pfl 5.1.1 and gmbal-api-only. */
    GLASSFISH("rmi-iiop"),
    /** Jetty 12.1 with its Jakarta EE 11 servlet environment, Netty 4.2's HTTP codec, slf4j. */
    JETTY_NETTY("http-rmi"),
    /** Apache CXF 4.2 (JAX-WS, WSS4J for WS-Security) with Jetty 12.1's Jakarta EE 11 servlet environment, slf4j. */
    CXF("soap"),
    /** Eclipse Metro, the JAX-WS reference implementation: the SOAP workloads' other client stack. */
    METRO("soap-metro"),
    /** The Java agent extract-tls-secrets 4.0.0 (name.neykov), which writes a JVM's TLS secrets as an NSS key log. */
    TLS_KEY_LOG_AGENT("jrmp-tls"),
    /** Caucho Hessian 4.0.66 (Hessian and Burlap) with Jetty 12.1's Jakarta EE 11 servlet environment, slf4j. */
    HESSIAN("hessian"),
    /** Spring 5.3 (web, context, beans, aop, core, jcl) with hessian 4.0.66 for the shared bench interface's jar. */
    HTTPINVOKER("httpinvoker"),
    /** Apache XML-RPC 3.1.3 (client, server, common), ws-commons-util, Commons HttpClient 3.1, Commons Logging. */
    XMLRPC("xmlrpc");

    /** System property naming the directory that holds {@code iiop/}, {@code rmi-iiop/} ... */
    public static final String LIB_PROPERTY = "wireanalyze.workloads.lib";

    private final String directoryName;

    StackLibrary(String directoryName) {
        this.directoryName = directoryName;
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
}
