package io.wireanalyze.workloads.web;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One request handled by {@link JettyServer}'s handlers, from the call into the servlet context until the response is
 * complete (its callback succeeded or failed), as a JDK Flight Recorder event for {@code --profile}: while a request
 * is being handled, the selector's wait ({@link SelectorWait}) on another thread is not the server waiting for its
 * peer, so the reader takes these intervals out of the selector's.
 */
@Name(RequestHandled.NAME)
@Label("Jetty request handled")
@Category({"wireanalyze", "Jetty"})
@Description("A request handled by the embedded Jetty, until its response completed")
@StackTrace(false)
public final class RequestHandled extends Event {
    /** The event's name in the recordings (and the settings file, {@code FlightRecording}). */
    public static final String NAME = "io.wireanalyze.RequestHandled";

    @Label("Path")
    String path;
}
