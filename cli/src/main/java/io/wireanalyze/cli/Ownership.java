package io.wireanalyze.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who owns what the commands write. Under sudo (root, with SUDO_UID and SUDO_GID from sudo(8)) every capture,
 * chart, report and folder a command makes is handed to the user who ran sudo, so a later {@code ./wireanalyze
 * analyze} without sudo can read and write beside them; otherwise files stay with whoever wrote them.
 */
final class Ownership {
    private final Optional<Ids> to;

    /** A user and group id. */
    record Ids(int uid, int gid) {
    }

    private Ownership(Optional<Ids> to) {
        this.to = to;
    }

    /** From this process: root with SUDO_UID and SUDO_GID set hands files over; anything else keeps them. */
    static Ownership fromEnvironment() {
        return of(System.getenv(), currentUid());
    }

    static Ownership of(Map<String, String> env, int uid) {
        if (uid != 0) return new Ownership(Optional.empty());
        try {
            String u = env.get("SUDO_UID"), g = env.get("SUDO_GID");
            if (u == null || g == null) return new Ownership(Optional.empty());
            Ids ids = new Ids(Integer.parseInt(u.strip()), Integer.parseInt(g.strip()));
            return new Ownership(ids.uid() == 0 ? Optional.empty() : Optional.of(ids));
        } catch (NumberFormatException e) {
            return new Ownership(Optional.empty());
        }
    }

    /** The ids files are handed to, if any. */
    Optional<Ids> handsTo() {
        return to;
    }

    /** Hands {@code file} (a file or folder that exists) to the sudo user; nothing otherwise. */
    void own(Path file) throws IOException {
        if (to.isEmpty() || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) return;
        Files.setAttribute(file, "unix:uid", to.get().uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(file, "unix:gid", to.get().gid(), LinkOption.NOFOLLOW_LINKS);
    }

    /** {@link #own} for each. */
    void ownAll(List<Path> files) throws IOException {
        for (Path f : files) own(f);
    }

    /** Creates {@code dir} and its missing parents, handing each folder it creates to the sudo user. */
    Path createDirectories(Path dir) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path p = dir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) missing.add(p);
        Files.createDirectories(dir);
        ownAll(missing);
        return dir;
    }

    private static int currentUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }
}
