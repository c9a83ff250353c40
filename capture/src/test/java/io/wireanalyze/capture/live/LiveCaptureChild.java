package io.wireanalyze.capture.live;

import java.nio.file.Path;

/**
 * A separate JVM for the live tests that need one: a capture stopped by SIGTERM through a shutdown
 * hook, and starts under a missing libpcap or without capture permission. Prints what happened.
 *
 * <pre>
 * start IFACE OUT             checkLibpcap(), then start() and stop(); prints "checkLibpcap: ...", "started"/"error: ..."
 * until-terminated OUT FILTER start() on lo, stop() from a shutdown hook; prints "started", then "stopped: ..." or "error: ..."
 * </pre>
 */
public final class LiveCaptureChild {

    private LiveCaptureChild() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "start" -> start(args[1], Path.of(args[2]));
            case "until-terminated" -> untilTerminated(Path.of(args[1]), args[2]);
            default -> throw new IllegalArgumentException("mode " + args[0] + " (expected: start, until-terminated)");
        }
    }

    private static void start(String iface, Path out) {
        System.out.println("checkLibpcap: " + LiveCapture.checkLibpcap());
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out).onInterface(iface));
        try {
            capture.start();
            System.out.println("started");
            capture.stop();
        } catch (CaptureException e) {
            System.out.println("error: " + e.getMessage());
        }
    }

    private static void untilTerminated(Path out, String filter) throws Exception {
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out).withFilter(filter));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                System.out.println("stopped: " + capture.stop());
            } catch (CaptureException e) {
                System.out.println("error: " + e.getMessage());
            }
            System.out.flush();
        }));
        capture.start();
        System.out.println("started");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
