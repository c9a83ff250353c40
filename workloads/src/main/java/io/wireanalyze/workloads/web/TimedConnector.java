package io.wireanalyze.workloads.web;

import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

import java.io.IOException;
import java.nio.channels.Selector;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Jetty's {@link ServerConnector} whose selectors time each blocking {@code select()} as a {@link SelectorWait} event,
 * and the handler wrapper that times each request as a {@link RequestHandled} event: together they give
 * {@code --profile} the server's wait for its peer (the selector blocked while no request is being handled), which
 * JDK 17's Flight Recorder does not see. Without a recording (or with the events disabled) an event costs one check.
 */
final class TimedConnector extends ServerConnector {

    TimedConnector(Server server) {
        super(server);
    }

    @Override
    protected SelectorManager newSelectorManager(Executor executor, Scheduler scheduler, int selectors) {
        // Called from ServerConnector's constructor: it uses no field of this class.
        return new ServerConnectorManager(executor, scheduler, selectors) {
            @Override
            protected ManagedSelector newSelector(int id) {
                return new TimedSelector(this, id);
            }
        };
    }

    /** A {@link ManagedSelector} that records each blocking select() (not selectNow(), which does not wait). */
    static final class TimedSelector extends ManagedSelector {
        TimedSelector(SelectorManager manager, int id) {
            super(manager, id);
        }

        @Override
        protected int nioSelect(Selector selector, boolean now) throws IOException {
            if (now) return super.nioSelect(selector, true);
            SelectorWait event = new SelectorWait();
            if (!event.isEnabled()) return super.nioSelect(selector, false);
            event.begin();
            try {
                int selected = super.nioSelect(selector, false);
                event.selected = selected;
                return selected;
            } finally {
                event.commit();
            }
        }
    }

    /**
     * Times each request from the call into the wrapped handler until its response completed (the callback succeeded
     * or failed, on whichever thread), or until the call returned when the handler did not take the request.
     */
    static final class RequestTiming extends Handler.Wrapper {
        RequestTiming(Handler handler) {
            super(handler);
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            RequestHandled event = new RequestHandled();
            if (!event.isEnabled()) return super.handle(request, response, callback);
            event.begin();
            event.path = request.getHttpURI().getPath();
            AtomicBoolean done = new AtomicBoolean();
            Runnable commit = () -> {
                if (done.compareAndSet(false, true)) event.commit();
            };
            boolean handled = false;
            try {
                // The event ends before the response's own callback runs: that may go on to the connection's next request.
                handled = super.handle(request, response, new Callback() {
                    @Override
                    public void succeeded() {
                        commit.run();
                        callback.succeeded();
                    }

                    @Override
                    public void failed(Throwable x) {
                        commit.run();
                        callback.failed(x);
                    }

                    @Override
                    public InvocationType getInvocationType() {
                        return callback.getInvocationType();
                    }
                });
                return handled;
            } finally {
                if (!handled) commit.run();
            }
        }
    }
}
