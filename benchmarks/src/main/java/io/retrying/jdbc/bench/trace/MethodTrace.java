package io.retrying.jdbc.bench.trace;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodEntryRequest;
import com.sun.jdi.request.MethodExitRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a main class in a child JVM under the JDK's debugger interface (JDI) and records, on the
 * thread that calls {@link Marks#begin} with {@code traced}, every entry into and exit from a
 * method of the library ({@code io.retrying.jdbc.*} but not {@code io.retrying.jdbc.bench.*})
 * until it calls {@link Marks#end}.
 *
 * <p>A call's caller is the nearest frame below it in a library class with a source file: frames
 * of pgjdbc, of the JDK and of lambda proxies in between are skipped (pgjdbc calling the layer's
 * socket factory is a call from the layer's dialer), and a frame of the scenario is the
 * application. Static initializers are left out.
 */
final class MethodTrace {

    static final String LIBRARY = "io.retrying.jdbc.";
    static final String APPLICATION_PACKAGE = "io.retrying.jdbc.bench.";
    /** The caller's file for a call made by the application (the scenario). */
    static final String APPLICATION = "(application)";

    /**
     * One entry ({@code entry}) or exit of a library method, at {@code depth} frames; {@code leafRead}:
     * the method only reads ({@link LeafReads}); {@code viaDriver}: frames of pgjdbc or the JDK lie
     * between the caller and the callee (pgjdbc reading the layer's socket wrapper).
     */
    record Step(boolean entry, String callerFile, String callerMethod, String file, String method, int depth,
            boolean leafRead, boolean viaDriver) {
        boolean betweenFiles() {
            return entry && !file.equals(callerFile);
        }

        /** An entry from another file that moves the control: neither a leaf read nor a call back through pgjdbc. */
        boolean moves() {
            return betweenFiles() && !leafRead && !viaDriver;
        }
    }

    /** A traced window: the scenario, what the application got, the steps, how long it took. */
    record Window(String scenario, String outcome, List<Step> steps, long nanos) {
    }

    private final Map<ReferenceType, String> files = new HashMap<>();
    private final Map<Method, Boolean> leafReads = new HashMap<>();
    private final List<Window> windows = new ArrayList<>();
    /** The outcomes of the untraced rounds, by scenario: what the call gives at full speed. */
    private final Map<String, String> untraced = new HashMap<>();

    private EventRequestManager requests;
    private MethodEntryRequest entries;
    private MethodExitRequest exits;
    private String scenario;
    private boolean traced;
    private List<Step> steps;
    private long started;
    private long ended;

    /** The traced windows of one child run. */
    List<Window> windows() {
        return windows;
    }

    /** What the untraced round of {@code scenario} gave. */
    String untracedOutcome(String scenario) {
        return untraced.get(scenario);
    }

    /**
     * Runs {@code mainClass} with {@code args} in a child JVM (class path {@code classPath}, more
     * options {@code options}) to its end; its output goes to {@code log}.
     */
    void run(String classPath, List<String> options, String mainClass, List<String> args, PrintStream log)
            throws Exception {
        LaunchingConnector connector = Bootstrap.virtualMachineManager().launchingConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.CommandLineLaunch")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no com.sun.jdi.CommandLineLaunch connector"));
        Map<String, Connector.Argument> arguments = connector.defaultArguments();
        StringBuilder opts = new StringBuilder("-cp ").append(quoted(classPath));
        options.forEach(o -> opts.append(' ').append(quoted(o)));
        arguments.get("options").setValue(opts.toString());
        StringBuilder main = new StringBuilder(mainClass);
        args.forEach(a -> main.append(' ').append(quoted(a)));
        arguments.get("main").setValue(main.toString());
        VirtualMachine vm = connector.launch(arguments);
        Thread out = pipe(vm.process().getInputStream(), log);
        Thread err = pipe(vm.process().getErrorStream(), log);
        requests = vm.eventRequestManager();
        ClassPrepareRequest prepare = requests.createClassPrepareRequest();
        prepare.addClassFilter(Marks.class.getName());
        prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        prepare.enable();
        vm.resume();
        try {
            while (true) {
                EventSet set = vm.eventQueue().remove();
                boolean over = false;
                for (Event event : set) {
                    over |= handle(event);
                }
                if (over) {
                    break;
                }
                set.resume();
            }
        } catch (VMDisconnectedException gone) {
            // the child ended
        }
        int exit = vm.process().waitFor();
        out.join();
        err.join();
        if (exit != 0) {
            throw new IllegalStateException(mainClass + " " + args + " exited with " + exit + " (its output is above)");
        }
    }

    /** Returns true once the child is gone. */
    private boolean handle(Event event) throws IncompatibleThreadStateException {
        if (event instanceof MethodEntryEvent e) {
            entered(e.thread(), e.method());
        } else if (event instanceof MethodExitEvent e) {
            exited(e.thread(), e.method());
        } else if (event instanceof BreakpointEvent e) {
            mark(e.thread(), e.location().method());
        } else if (event instanceof ClassPrepareEvent e) {
            for (String name : List.of("begin", "end", "outcome")) {
                BreakpointRequest b = requests.createBreakpointRequest(e.referenceType().methodsByName(name).get(0)
                        .location());
                b.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                b.enable();
            }
        } else {
            return event instanceof VMDeathEvent || event instanceof VMDisconnectEvent;
        }
        return false;
    }

    private void mark(ThreadReference thread, Method mark) throws IncompatibleThreadStateException {
        List<Value> args = thread.frame(0).getArgumentValues();
        String name = ((StringReference) args.get(0)).value();
        switch (mark.name()) {
            case "begin" -> {
                scenario = name;
                traced = ((BooleanValue) args.get(1)).value();
                if (traced) {
                    steps = new ArrayList<>();
                    entries = requests.createMethodEntryRequest();
                    exits = requests.createMethodExitRequest();
                    entries.addClassFilter(LIBRARY + "*");
                    entries.addClassExclusionFilter(APPLICATION_PACKAGE + "*");
                    entries.addThreadFilter(thread);
                    entries.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                    exits.addClassFilter(LIBRARY + "*");
                    exits.addClassExclusionFilter(APPLICATION_PACKAGE + "*");
                    exits.addThreadFilter(thread);
                    exits.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                    started = System.nanoTime();
                    entries.enable();
                    exits.enable();
                }
            }
            case "end" -> {
                if (traced) {
                    ended = System.nanoTime();
                    requests.deleteEventRequest(entries);
                    requests.deleteEventRequest(exits);
                }
            }
            case "outcome" -> {
                String outcome = ((StringReference) args.get(1)).value();
                if (traced) {
                    windows.add(new Window(scenario, outcome, steps, ended - started));
                    traced = false;
                } else {
                    untraced.put(name, outcome);
                }
            }
            default -> throw new IllegalStateException("unknown mark " + mark);
        }
    }

    private void entered(ThreadReference thread, Method method) throws IncompatibleThreadStateException {
        String file = fileOf(method.declaringType());
        if (file == null || method.isStaticInitializer()) {
            return; // a lambda proxy (its body is a method of the class that wrote it), or a class's first use
        }
        int depth = thread.frameCount();
        String callerFile = APPLICATION;
        String callerMethod = "";
        boolean viaDriver = false;
        // the nearest library frame below, fetched a few frames at a time (each fetch is a round trip)
        search:
        for (int i = 1; i < depth; i += 8) {
            for (StackFrame frame : thread.frames(i, Math.min(8, depth - i))) {
                ReferenceType type = frame.location().declaringType();
                if (type.name().startsWith(APPLICATION_PACKAGE)) {
                    break search;
                }
                if (!type.name().startsWith(LIBRARY)) {
                    viaDriver = true;
                    continue;
                }
                String f = fileOf(type);
                if (f != null) { // else a lambda proxy: its caller is the one below
                    callerFile = f;
                    callerMethod = methodName(frame.location().method());
                    break search;
                }
            }
        }
        boolean leafRead = leafReads.computeIfAbsent(method, m -> LeafReads.onlyReads(m.bytecodes()));
        steps.add(new Step(true, callerFile, callerMethod, file, methodName(method), depth, leafRead, viaDriver));
    }

    private void exited(ThreadReference thread, Method method) throws IncompatibleThreadStateException {
        String file = fileOf(method.declaringType());
        if (file != null && !method.isStaticInitializer()) {
            steps.add(new Step(false, null, null, file, methodName(method), thread.frameCount(), false, false));
        }
    }

    /** The source file of {@code type} below {@code io/retrying/jdbc/}, or null when it has none (a hidden class). */
    private String fileOf(ReferenceType type) {
        return files.computeIfAbsent(type, t -> {
            String name = t.name();
            try {
                String source = t.sourceName();
                String pkg = name.substring(LIBRARY.length(), Math.max(name.lastIndexOf('.') + 1, LIBRARY.length()));
                return pkg.replace('.', '/') + source;
            } catch (AbsentInformationException none) {
                return null;
            }
        });
    }

    /** {@code Recovery.failed}, {@code RetryingConnection$Lost.heal}: the class below its package, the method. */
    static String methodName(Method method) {
        String type = method.declaringType().name();
        return type.substring(type.lastIndexOf('.') + 1) + "." + method.name();
    }

    private static String quoted(String s) {
        return s.indexOf(' ') < 0 && s.indexOf('"') < 0 ? s : '"' + s.replace("\"", "\\\"") + '"';
    }

    private static Thread pipe(InputStream in, PrintStream log) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    log.println("  scenario| " + line);
                }
            } catch (IOException e) {
                log.println("  scenario| (output lost: " + e + ")");
            }
        }, "trace-pipe");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
