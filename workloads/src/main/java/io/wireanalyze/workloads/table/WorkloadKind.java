package io.wireanalyze.workloads.table;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.hessian.HessianOptions;
import io.wireanalyze.workloads.hessian.HessianWorkload;
import io.wireanalyze.workloads.httpinvoker.HttpInvokerWorkload;
import io.wireanalyze.workloads.httprmi.HttpRmiOptions;
import io.wireanalyze.workloads.httprmi.HttpRmiWorkload;
import io.wireanalyze.workloads.httprmi.HttpToPortWorkload;
import io.wireanalyze.workloads.iiop.IdlStringOption;
import io.wireanalyze.workloads.iiop.IiopWorkload;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.jrmptls.JrmpTlsOptions;
import io.wireanalyze.workloads.jrmptls.JrmpTlsWorkload;
import io.wireanalyze.workloads.rmiiiop.RmiIiopWorkload;
import io.wireanalyze.workloads.service.BenchService;
import io.wireanalyze.workloads.soap.SoapOptions;
import io.wireanalyze.workloads.soap.SoapWorkload;
import io.wireanalyze.workloads.xmlrpc.XmlRpcOptions;
import io.wireanalyze.workloads.xmlrpc.XmlRpcTransport;
import io.wireanalyze.workloads.xmlrpc.XmlRpcWorkload;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The workload table: every remoting stack {@code capture --protocol} can run, with the option groups it takes,
 * the remote interfaces whose methods name the RMI method hashes on its wire, and how it is built from its
 * options; in a package of its own, above every workload package (as {@code protocols} is for the decoders). Adding
 * a workload is a package with its {@link Workload} (and its own {@link OptionGroup}s) plus one constant here. Those not built yet say so.
 */
@Choice("unknown protocol")
public enum WorkloadKind {
    JRMP("jrmp", List.of(ServerPortOptions.class, DgcOptions.class), List.of(BenchService.class), JrmpWorkload::create),
    IIOP("iiop", List.of(ServerPortOptions.class, GiopNamingOption.class, IdlStringOption.class), List.of(),
            IiopWorkload::create),
    RMI_IIOP("rmi-iiop", List.of(ServerPortOptions.class, GiopNamingOption.class), List.of(BenchService.class),
            RmiIiopWorkload::create),
    HTTP_RMI("http-rmi", List.of(ServerPortOptions.class, DgcOptions.class, HttpPortOption.class, HttpRmiOptions.class),
            List.of(BenchService.class), HttpRmiWorkload::create),
    HTTP_TO_PORT("http-to-port", List.of(ServerPortOptions.class, DgcOptions.class), List.of(BenchService.class), HttpToPortWorkload::create),
    JRMP_TLS("jrmp-tls", List.of(ServerPortOptions.class, DgcOptions.class, JrmpTlsOptions.class), List.of(BenchService.class),
            JrmpTlsWorkload::create),
    SOAP("soap", List.of(HttpPortOption.class, SoapOptions.class), List.of(), SoapWorkload::plain),
    SOAP_WSSEC("soap-wssec", List.of(HttpPortOption.class, SoapOptions.class), List.of(), SoapWorkload::secured),
    HESSIAN("hessian", List.of(HttpPortOption.class, HessianOptions.class), List.of(), HessianWorkload::create),
    BURLAP("burlap", List.of(HttpPortOption.class), List.of(), HessianWorkload::burlap),
    HTTPINVOKER("httpinvoker", List.of(HttpPortOption.class), List.of(), HttpInvokerWorkload::create),
    XMLRPC("xmlrpc", List.of(HttpPortOption.class, XmlRpcOptions.class), List.of(), XmlRpcWorkload::create),
    /** Variants with labels of their own, for compare and reproduce (Gredler's seed ran them beside the others). */
    HESSIAN1("hessian1", List.of(HttpPortOption.class), List.of(), HessianWorkload::hessian1, "hessian --hessian-version 1"),
    XMLRPC_HTTPCLIENT("xmlrpc-httpclient", List.of(HttpPortOption.class), List.of(), XmlRpcWorkload.on(XmlRpcTransport.HTTPCLIENT),
            "xmlrpc --xmlrpc-transport httpclient"),
    XMLRPC_LITE("xmlrpc-lite", List.of(HttpPortOption.class), List.of(), XmlRpcWorkload.on(XmlRpcTransport.LITE), "xmlrpc --xmlrpc-transport lite");

    private final String label;
    private final Optional<String> notBuilt;
    private final List<Class<? extends OptionGroup>> optionGroups;
    private final List<Class<?>> interfaces;
    private final Function<WorkloadArgs, Workload> factory;
    private final Optional<String> variantOf;

    WorkloadKind(String label, List<Class<? extends OptionGroup>> optionGroups, List<Class<?>> interfaces,
                 Function<WorkloadArgs, Workload> factory) {
        this(label, optionGroups, interfaces, factory, null);
    }

    WorkloadKind(String label, List<Class<? extends OptionGroup>> optionGroups, List<Class<?>> interfaces,
                 Function<WorkloadArgs, Workload> factory, String variantOf) {
        this.label = label;
        this.notBuilt = Optional.empty();
        this.optionGroups = optionGroups;
        this.interfaces = interfaces;
        this.factory = factory;
        this.variantOf = Optional.ofNullable(variantOf);
    }

    WorkloadKind(String label, String notBuilt) {
        this.label = label;
        this.notBuilt = Optional.of(notBuilt);
        this.optionGroups = List.of();
        this.interfaces = List.of();
        this.factory = args -> {
            throw new IllegalStateException("--protocol " + label + ": " + notBuilt);
        };
        this.variantOf = Optional.empty();
    }

    /**
     * The workload and options this one is a variant of, e.g. {@code hessian --hessian-version 1} for {@code hessian1};
     * empty for the workloads of their own. compare runs variants only when named.
     */
    public Optional<String> variantOf() {
        return variantOf;
    }

    /** Why this workload cannot run yet, e.g. {@code SOAP on JAX-WS and Jetty: not built yet}. */
    public Optional<String> notBuilt() {
        return notBuilt;
    }

    /** The option groups this workload takes, beside the options every capture has. */
    public List<Class<? extends OptionGroup>> optionGroups() {
        return optionGroups;
    }

    /** The remote interfaces whose methods the RMI method hashes on this workload's wire name. */
    public List<Class<?>> interfaces() {
        return interfaces;
    }

    /**
     * The workload, not started, from its option groups.
     *
     * @throws IllegalStateException when it is not built yet
     * @throws IllegalArgumentException when {@code args} lacks a group it takes, or the options contradict each
     *                                  other (e.g. the same port twice where two are needed)
     */
    public Workload create(WorkloadArgs args) {
        return factory.apply(args);
    }

    /**
     * Why this workload cannot run {@code payload}, if it cannot: seed 003's records ({@code objects:N}) have no type
     * in the iiop workload's IDL, and are not tried over RMI-IIOP's value types.
     */
    public Optional<String> refuses(Payload payload) {
        if (payload.method() != BenchMethod.GET_OBJECTS || (this != IIOP && this != RMI_IIOP)) return Optional.empty();
        return Optional.of("--payload " + payload.spec() + ": not on --protocol " + label + " (expected: objects:N with "
                + Arrays.stream(values()).filter(k -> k != IIOP && k != RMI_IIOP && k.notBuilt.isEmpty())
                .map(WorkloadKind::toString).collect(Collectors.joining(", ")) + ")");
    }

    /** Every group this workload takes, each with its defaults (nothing given on a command line). */
    public WorkloadArgs defaultArgs() {
        return WorkloadArgs.defaults(optionGroups);
    }

    /** Every option group of the table, each once, in table order. */
    public static Set<Class<? extends OptionGroup>> allOptionGroups() {
        return Arrays.stream(values()).flatMap(k -> k.optionGroups.stream()).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Every remote interface of the table, each once: the method names of any workload's capture. */
    public static Set<Class<?>> allInterfaces() {
        return Arrays.stream(values()).flatMap(k -> k.interfaces.stream()).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The workloads that take {@code group}, in table order. */
    public static List<WorkloadKind> taking(Class<? extends OptionGroup> group) {
        return Arrays.stream(values()).filter(k -> k.optionGroups.contains(group)).toList();
    }

    /** The label, e.g. {@code rmi-iiop}; {@code parse(label)} gives this constant back. */
    @Override
    public String toString() {
        return label;
    }

    /** The constant labelled {@code text} ({@link EnumLabels#parse}), for the readers of a protocol's name in plans and seeds. */
    public static Parsed<WorkloadKind> parse(String text) {
        return EnumLabels.parse(WorkloadKind.class, text);
    }
}
