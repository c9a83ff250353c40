package io.wireanalyze.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class OwnershipTest {

    @Test
    void onlyRootWithSudosVariablesHandsFilesOver() {
        Map<String, String> sudo = Map.of("SUDO_UID", "1000", "SUDO_GID", "1001");
        assertEquals(Optional.of(new Ownership.Ids(1000, 1001)), Ownership.of(sudo, 0).handsTo());
        assertEquals(Optional.empty(), Ownership.of(sudo, 1000).handsTo(), "not root: sudo is not in play");
        assertEquals(Optional.empty(), Ownership.of(Map.of(), 0).handsTo(), "root without sudo keeps its files");
        assertEquals(Optional.empty(), Ownership.of(Map.of("SUDO_UID", "0", "SUDO_GID", "0"), 0).handsTo(), "sudo from root");
        assertEquals(Optional.empty(), Ownership.of(Map.of("SUDO_UID", "x", "SUDO_GID", "1"), 0).handsTo());
    }

    @Test
    void everyFolderItCreatesAndEveryFileGoesToTheSudoUser(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Ownership.of(Map.of("SUDO_UID", "1", "SUDO_GID", "1"), 0).handsTo().isPresent()
                && (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0, "chown needs root");
        Ownership owner = Ownership.of(Map.of("SUDO_UID", "65534", "SUDO_GID", "65534"), 0);
        Path deep = dir.resolve("a/b/c");
        owner.createDirectories(deep);
        Path file = Files.writeString(deep.resolve("f.txt"), "x");
        owner.own(file);
        for (Path p : new Path[]{dir.resolve("a"), dir.resolve("a/b"), deep, file}) {
            assertEquals(65534, Files.getAttribute(p, "unix:uid"), p.toString());
            assertEquals(65534, Files.getAttribute(p, "unix:gid"), p.toString());
        }
        assertEquals(0, Files.getAttribute(dir, "unix:uid"), "a folder that was there stays whose it was");
    }
}
