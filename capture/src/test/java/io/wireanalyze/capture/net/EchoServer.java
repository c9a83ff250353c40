package io.wireanalyze.capture.net;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Runs inside the test's namespace ({@code ip netns exec}): listens on {@code args[0]}:{@code args[1]}, prints
 * READY, then answers every 24000 bytes it reads with one byte, until the connection closes.
 */
public final class EchoServer {
    static final int MESSAGE = 24_000;

    private EchoServer() {
    }

    public static void main(String[] args) throws Exception {
        try (ServerSocket s = new ServerSocket(Integer.parseInt(args[1]), 1, InetAddress.getByName(args[0]))) {
            System.out.println("READY");
            System.out.flush();
            try (Socket c = s.accept()) {
                DataInputStream in = new DataInputStream(c.getInputStream());
                OutputStream out = c.getOutputStream();
                byte[] buf = new byte[MESSAGE];
                while (true) {
                    in.readFully(buf);
                    out.write(1);
                    out.flush();
                }
            } catch (java.io.EOFException done) {
                // the client closed
            }
        }
    }
}
