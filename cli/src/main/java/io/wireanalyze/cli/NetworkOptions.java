package io.wireanalyze.cli;

import io.wireanalyze.capture.net.LinkSpec;
import io.wireanalyze.capture.net.Network;
import io.wireanalyze.capture.net.NetworkSpec;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;


/** {@code --network} and the options of {@code --network custom}: which network a run's JVMs talk over. */
final class NetworkOptions {

    @Option(names = "--network", paramLabel = "NET", defaultValue = "loopback", converter = Converter.class,
            description = "loopback (127.0.0.1 on lo), lan100 (100 Mbit/s, MTU 1500), lan1g (1 Gbit/s, MTU 1500) or custom "
                    + "(--rate, --mtu, --delay, --loss). An emulated network puts the servers in a network namespace behind "
                    + "a veth pair (198.18.0.0/15) and captures on the veth; needs root and iproute2. Default: ${DEFAULT-VALUE}.")
    Network network;

    @Option(names = "--rate", paramLabel = "RATE", description = "custom: link rate as tc writes it, e.g. 10mbit (default: unlimited).")
    String rate;

    @Option(names = "--mtu", paramLabel = "BYTES", description = "custom: MTU of both ends (default: 1500).")
    Integer mtu;

    @Option(names = "--delay", paramLabel = "TIME", description = "custom: one-way delay each way, e.g. 2ms (needs the netem qdisc).")
    String delay;

    @Option(names = "--loss", paramLabel = "PERCENT", description = "custom: packet loss each way in percent (needs the netem qdisc).")
    Double loss;

    /** The network given on the command line; {@code fallback} when {@code --network} was not. */
    NetworkSpec specOr(CommandSpec command, Network fallback) {
        return spec(command, command.commandLine().getParseResult().hasMatchedOption("--network") ? network : fallback);
    }

    /** The network as given; {@code --rate} and the like without {@code --network custom} are usage errors. */
    NetworkSpec spec(CommandSpec command) {
        return spec(command, network);
    }

    private NetworkSpec spec(CommandSpec command, Network chosen) {
        boolean shaped = rate != null || mtu != null || delay != null || loss != null;
        if (chosen != Network.CUSTOM) {
            if (shaped)
                throw new CommandLine.ParameterException(command.commandLine(),
                        "--rate, --mtu, --delay and --loss apply to --network custom only (not " + chosen + ")");
            return NetworkSpec.of(chosen);
        }
        LinkSpec link = Network.CUSTOM.preset();
        try {
            if (rate != null) link = link.withRate(LinkSpec.parseRate(rate).orElseThrow(() -> usage(command, "--rate '" + rate + "' (expected: e.g. 10mbit, 1gbit, 512kbit)")));
            if (mtu != null) link = link.withMtu(mtu);
            if (delay != null) link = link.withDelay(LinkSpec.parseDelay(delay).orElseThrow(() -> usage(command, "--delay '" + delay + "' (expected: e.g. 2ms, 500us)")));
            if (loss != null) link = link.withLoss(loss);
        } catch (IllegalArgumentException e) {
            throw usage(command, e.getMessage());
        }
        return new NetworkSpec(Network.CUSTOM, link);
    }

    private static CommandLine.ParameterException usage(CommandSpec command, String message) {
        return new CommandLine.ParameterException(command.commandLine(), message);
    }

    /** picocli: a network's label to the constant. */
    static final class Converter implements CommandLine.ITypeConverter<Network> {
        @Override
        public Network convert(String value) {
            return Network.parse(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                    "'" + value + "' (expected: one of " + Network.labels() + ")"));
        }
    }

}
