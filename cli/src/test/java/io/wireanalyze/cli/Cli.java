package io.wireanalyze.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process with captured output. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        return run(WireAnalyze.commandLine(), args);
    }

    /** As {@code main} runs them: the root with only the command the arguments name ({@link WireAnalyze#commandLine(String[])}). */
    static Cli runAsMain(String... args) {
        return run(WireAnalyze.commandLine(args), args);
    }

    private static Cli run(picocli.CommandLine cl, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
