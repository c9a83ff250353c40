package io.wireanalyze.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/** The servers' "keep running" signal: they run until their stdin ends (the runner closes it to stop them). */
public final class EndOfInput {

    private EndOfInput() {
    }

    /** Blocks until {@code in} ends; an I/O error counts as the end and is reported on {@code err}. */
    public static void await(InputStream in, PrintStream err, String role) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // Input is ignored; only its end matters.
            }
        } catch (IOException e) {
            err.println(role + ": stdin: " + e.getMessage() + "; stopping");
        }
    }
}
