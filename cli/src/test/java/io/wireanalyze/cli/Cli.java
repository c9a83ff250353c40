package io.wireanalyze.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process with captured output. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
