package io.wireanalyze.capture.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Live capture needs libpcap and root. Without them the tests are skipped with the reason, except
 * in CI (CI=true), where a skipped live test would hide a machine that cannot capture: there they fail.
 */
final class LivePreconditions {

    private LivePreconditions() {}

    static boolean isRoot() {
        return uid() == 0;
    }

    static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException e) {
            return -1;
        }
    }

    static void requireLibpcap() {
        String missing = LiveCapture.checkLibpcap();
        if (missing != null) unmet("live capture tests need root and libpcap: " + missing);
    }

    static void requireRootAndLibpcap() {
        requireLibpcap();
        if (!isRoot()) unmet("live capture tests need root and libpcap: running as uid " + uid() + ", not root");
    }

    private static void unmet(String why) {
        if ("true".equals(System.getenv("CI"))) fail(why + " (CI=true: these tests must run there, not be skipped)");
        assumeTrue(false, why);
    }
}
