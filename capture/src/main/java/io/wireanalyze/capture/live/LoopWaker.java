package io.wireanalyze.capture.live;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Wakes a capture loop that waits for a packet: libpcap before 1.10 checks pcap_breakloop's flag only
 * when a packet or a read timeout arrives. Sends one 1-byte UDP datagram to a closed port on
 * 127.0.0.1; it helps only when the capture sees loopback traffic and its filter lets UDP through.
 */
final class LoopWaker {

    private LoopWaker() {}

    static void wake() {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (DatagramSocket sender = new DatagramSocket(new InetSocketAddress(loopback, 0))) {
            int closedPort;
            try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(loopback, 0))) {
                closedPort = probe.getLocalPort();
            }
            sender.send(new DatagramPacket(new byte[] {0}, 1, loopback, closedPort));
        } catch (IOException e) {
            // Best effort: stop() reports a loop that does not end; a failed wake-up changes nothing else.
        }
    }
}
