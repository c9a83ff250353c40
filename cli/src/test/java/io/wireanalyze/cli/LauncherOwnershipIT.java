package io.wireanalyze.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue #14 "under sudo", for real: the launcher, run as root with SUDO_UID and SUDO_GID of a test user (nobody,
 * 65534), hands the build's target/ folders and everything {@code capture} writes to that user, and the user can
 * then {@code analyze} the capture without root, writing beside it. Runs after {@code package} (the shaded jar is
 * what the launcher runs), in a copy of the launcher beside that jar so no build starts.
 */
class LauncherOwnershipIT {
    private static final int NOBODY = 65534;

    @BeforeAll
    static void needsRootAndLibpcap() throws Exception {
        CaptureEndToEndTest.needsRootAndLibpcap();
    }

    @Test
    void whatSudoCaptureWritesBelongsToTheSudoUserWhoCanAnalyzeItWithoutRoot(@TempDir Path dir) throws Exception {
        Path repo = io.wireanalyze.testing.TestCaptures.repoRoot();
        Path jar = repo.resolve("cli/target/wireanalyze.jar");
        assertTrue(Files.isRegularFile(jar), "the package phase made " + jar);
        Path clone = dir.resolve("clone");
        Files.createDirectories(clone.resolve("cli/target"));
        Files.copy(repo.resolve("wireanalyze"), clone.resolve("wireanalyze"));
        Files.copy(jar, clone.resolve("cli/target/wireanalyze.jar"));
        Path leftover = Files.createDirectories(clone.resolve("decoders/target/classes"));   // a build made as root
        Files.writeString(leftover.resolve("Old.class"), "x");
        openUp(dir);

        Path pcap = dir.resolve("runs/today/run.pcap");
        List<String> capture = List.of(clone.resolve("wireanalyze").toString(), "capture", "--protocol", "jrmp", "--invocations", "3",
                "--payload", "ints:100", "--registry-port", Integer.toString(freePort()), "--object-port", Integer.toString(freePort()),
                "--out", pcap.toString());
        Run sudo = run(capture, Map.of("SUDO_UID", Integer.toString(NOBODY), "SUDO_GID", Integer.toString(NOBODY)));
        assertEquals(0, sudo.exit(), sudo.err());

        for (Path p : List.of(dir.resolve("runs"), dir.resolve("runs/today"), pcap, dir.resolve("runs/today/run.png"),
                clone.resolve("cli/target"), clone.resolve("cli/target/wireanalyze.jar"), clone.resolve("decoders/target"), leftover.resolve("Old.class"))) {
            assertEquals(NOBODY, Files.getAttribute(p, "unix:uid"), "owner of " + p);
            assertEquals(NOBODY, Files.getAttribute(p, "unix:gid"), "group of " + p);
        }
        assertEquals(0, Files.getAttribute(dir, "unix:uid"), "a folder that was there before stays root's");

        // The sudo user, without root, analyses the capture and writes its CSV beside it.
        List<String> analyze = List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", clone.resolve("cli/target/wireanalyze.jar").toString(),
                "analyze", "--format", "csv", "--out", pcap.getParent().toString(), pcap.toString());
        Run user = run(analyze, Map.of());
        assertEquals(0, user.exit(), user.err());
        Path phases = pcap.resolveSibling("run.phases.csv");
        assertTrue(Files.readString(phases).startsWith("phase,packets"), phases.toString());
        assertEquals(NOBODY, Files.getAttribute(phases, "unix:uid"));

        // Without root, capture says so before any server starts.
        List<String> userCapture = new java.util.ArrayList<>(analyze.subList(0, analyze.indexOf("analyze")));
        userCapture.addAll(List.of("capture", "--protocol", "jrmp", "--out", pcap.resolveSibling("denied.pcap").toString()));
        Run denied = run(userCapture, Map.of());
        assertEquals(1, denied.exit(), denied.err());
        assertEquals("wireanalyze: no permission to capture on lo: run as root (sudo ./wireanalyze capture ...)\n", denied.err());
    }

    private record Run(int exit, String err) {
    }

    private static Run run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        b.environment().remove("SUDO_UID");
        b.environment().remove("SUDO_GID");
        b.environment().putAll(env);
        Process p = b.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running: " + command);
        return new Run(p.exitValue(), err);
    }

    /** JUnit makes its folder for root alone; the test user must reach the jar and the captures. */
    private static void openUp(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.toList())
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<Path> up = new ArrayList<>();
        for (Path p = dir.getParent(); p != null; p = p.getParent()) up.add(p);
        for (Path p : up) if (!Files.isReadable(p)) fail(p + " must be readable for the test user");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
