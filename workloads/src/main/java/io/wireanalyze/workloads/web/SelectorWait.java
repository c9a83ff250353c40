package io.wireanalyze.workloads.web;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One blocking {@code select()} of Jetty's server selector ({@link JettyServer}'s connector), timed as a JDK Flight
 * Recorder event for {@code --profile}: JDK 17's JFR has no event for a selector's wait (epoll is neither a socket read
 * nor a park), so without it a Jetty server's wait for the next request is no time at all. The event lasts from the
 * call to {@code Selector.select()} to its return; which part of it the server was idle (no request being handled, see
 * {@link RequestHandled}) is the reader's business. {@code selectNow()} (no wait) is not recorded.
 */
@Name(SelectorWait.NAME)
@Label("Jetty selector wait")
@Category({"wireanalyze", "Jetty"})
@Description("A blocking select() of the embedded Jetty's server selector")
@StackTrace(false)
public final class SelectorWait extends Event {
    /** The event's name in the recordings (and the settings file, {@code FlightRecording}). */
    public static final String NAME = "io.wireanalyze.SelectorWait";

    @Label("Selected keys")
    int selected;
}
