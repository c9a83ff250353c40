package io.wireanalyze.workloads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Distinct TCP ports free at the time of the call (the kernel picks them; a small race is accepted). */
public final class FreePorts {
    private FreePorts() {
    }

    public static int[] take(int n) {
        ServerSocket[] sockets = new ServerSocket[n];
        try {
            for (int i = 0; i < n; i++) sockets[i] = new ServerSocket(0);
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) ports[i] = sockets[i].getLocalPort();
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    if (s != null) s.close();
                } catch (IOException e) {
                    // Closing a listening socket we own does not fail in practice.
                }
            }
        }
    }
}
