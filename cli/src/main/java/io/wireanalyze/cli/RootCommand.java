package io.wireanalyze.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The root command alone, with no command under it: what {@link WireAnalyze#commandLine(String[])} builds before it
 * adds the one command its arguments name. {@link WireAnalyze} is this with every command under it.
 */
@Command(name = "wireanalyze", mixinStandardHelpOptions = true, versionProvider = WireAnalyze.Version.class,
        description = WireAnalyze.DESCRIPTION)
class RootCommand implements Runnable {

    @Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: capture, analyze, watch, compare or reproduce");
    }
}
