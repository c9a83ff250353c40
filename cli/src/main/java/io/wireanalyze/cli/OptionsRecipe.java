package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.StringWriter;
import java.util.List;

/**
 * How to make an analysis' options again in another JVM (a Spark executor): the analyze command's own arguments, read
 * again as the command reads them, and the TLS key log lines the driver found inside the capture files (pcapng
 * Decryption Secrets Blocks). Strings only, so it travels with a job's tasks.
 *
 * @param args     the {@code analyze} arguments as given
 * @param keyLines key log lines from the capture files, added to {@code --tls-keylog}'s
 */
public record OptionsRecipe(List<String> args, List<String> keyLines) implements Serializable {

    public OptionsRecipe {
        args = List.copyOf(args);
        keyLines = List.copyOf(keyLines);
    }

    public OptionsRecipe withKeyLines(List<String> lines) {
        return new OptionsRecipe(args, lines);
    }

    /** The options {@code analyze} makes of these arguments (quietly: an executor has no one to tell). */
    public AnalysisOptions options() throws IOException {
        AnalyzeCommand command = new AnalyzeCommand();
        new CommandLine(command).parseArgs(args.toArray(String[]::new));
        var progress = new io.wireanalyze.console.Progress(new PrintWriter(new StringWriter())).quiet();
        TlsKeyLog keys = CaptureAnalysis.keyLog(command.tlsKeyLogs, progress);
        if (!keyLines.isEmpty()) keys = keys.plus(TlsKeyLog.parse(keyLines));
        return command.options(keys);
    }
}
