package io.wireanalyze.cli;

import io.wireanalyze.workloads.ChoiceOptions;
import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.table.WorkloadKind;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workloads' own options on a command that runs workloads ({@code capture}): every option group of the
 * {@link WorkloadKind} table is added once, as a mixin, when picocli builds the command; after parsing,
 * {@link #args} hands the chosen workload its groups and turns an option of a group it does not take into a
 * usage error, from the table alone: {@code --lease-ms and --drop-stub apply to --protocol jrmp, http-rmi and
 * jrmp-tls only (not iiop)}.
 */
public final class WorkloadOptionGroups implements CommandLine.IModelTransformer {
    /** Footer lines stay within picocli's default usage width, which would wrap them without indentation. */
    private static final int WIDTH = 78;

    @Override
    public CommandSpec transform(CommandSpec spec) {
        for (Class<? extends OptionGroup> group : WorkloadKind.allOptionGroups())
            spec.addMixin(group.getSimpleName(), ChoiceOptions.spec(WorkloadArgs.instance(group)));
        List<String> footer = new ArrayList<>(List.of("", "Options of each protocol:"));
        for (WorkloadKind kind : WorkloadKind.values()) {
            if (kind.notBuilt().isPresent()) continue;
            List<String> options = kind.optionGroups().stream().flatMap(g -> names(spec.mixins().get(g.getSimpleName())).stream()).toList();
            footer.addAll(wrapped(String.format("  %-9s ", kind), options));
        }
        spec.usageMessage().footer(footer.toArray(String[]::new));
        return spec;
    }

    /** {@code words} after {@code lead}, in lines of at most {@link #WIDTH} characters indented like the first. */
    private static List<String> wrapped(String lead, List<String> words) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(lead);
        for (String w : words) {
            if (line.length() > lead.length() && line.length() + 1 + w.length() > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(" ".repeat(lead.length()));
            }
            if (line.length() > lead.length()) line.append(' ');
            line.append(w);
        }
        lines.add(line.toString());
        return lines;
    }

    /**
     * The option groups of {@code kind} as parsed on {@code spec}'s command line.
     *
     * @throws CommandLine.ParameterException when an option of a group {@code kind} does not take was given
     */
    static WorkloadArgs args(CommandSpec spec, WorkloadKind kind) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        List<OptionGroup> taken = new ArrayList<>();
        for (Map.Entry<String, CommandSpec> mixin : spec.mixins().entrySet()) {
            if (!(mixin.getValue().userObject() instanceof OptionGroup group)) continue;   // e.g. --help, --version
            if (kind.optionGroups().contains(group.getClass())) {
                taken.add(group);
                continue;
            }
            boolean given = mixin.getValue().options().stream().anyMatch(o -> parsed.hasMatchedOption(o.longestName()));
            if (given) throw new CommandLine.ParameterException(spec.commandLine(), misplaced(names(mixin.getValue()), group.getClass(), kind));
        }
        return new WorkloadArgs(taken);
    }

    /** {@code --a and --b apply to --protocol x and y only (not z)}. */
    static String misplaced(List<String> options, Class<? extends OptionGroup> group, WorkloadKind given) {
        List<String> kinds = WorkloadKind.taking(group).stream().map(WorkloadKind::toString).toList();
        return and(options) + (options.size() == 1 ? " applies" : " apply") + " to --protocol " + and(kinds) + " only (not " + given + ")";
    }

    private static List<String> names(CommandSpec group) {
        return group.options().stream().map(o -> o.names()[0]).toList();
    }

    private static String and(List<String> items) {
        if (items.size() <= 1) return String.join("", items);
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
