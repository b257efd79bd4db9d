package io.retrying.jdbc.opentelemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What differs between the OpenTelemetry API versions applications have: the application brings
 * the API, and Spring Boot 4.0 pins 1.55 while the newest is 1.68. Looked up once.
 * <ul>
 *   <li>Suppressing instrumentation: {@code InstrumentationUtil.suppressInstrumentation(Runnable)}
 *       is in {@code io.opentelemetry.api.internal} up to about 1.56 and in
 *       {@code io.opentelemetry.api.impl} since; the Java agent bridges both, and the
 *       instrumentation API honours the key it sets. With neither, the work just runs.</li>
 *   <li>The global {@code OpenTelemetry} without fixing it: {@code GlobalOpenTelemetry.getOrNoop()}
 *       where it exists. Before it, {@code get()} would set a no-op as the global when none is set
 *       yet (and a later {@code set} by the application would fail), so it is asked only when a
 *       span is current, that is when the application traces already.</li>
 * </ul>
 */
final class ApiCompat {

    private static final MethodHandle SUPPRESS = suppressor();
    private static final MethodHandle GET_OR_NOOP = getOrNoop();

    private ApiCompat() {
    }

    /** Runs {@code work} with instrumentation suppressed, where the API can say so. */
    static void suppressInstrumentation(Runnable work) {
        if (SUPPRESS == null) {
            work.run();
            return;
        }
        try {
            SUPPRESS.invokeExact(work);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The global OpenTelemetry, never fixing it to a no-op the application could not replace. */
    static OpenTelemetry global() {
        if (GET_OR_NOOP != null) {
            try {
                return (OpenTelemetry) GET_OR_NOOP.invokeExact();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        return Span.current().getSpanContext().isValid() ? GlobalOpenTelemetry.get() : OpenTelemetry.noop();
    }

    private static MethodHandle suppressor() {
        for (String name : new String[] {"io.opentelemetry.api.impl.InstrumentationUtil",
                "io.opentelemetry.api.internal.InstrumentationUtil"}) {
            try {
                Class<?> util = Class.forName(name, true, ApiCompat.class.getClassLoader());
                return MethodHandles.publicLookup().findStatic(util, "suppressInstrumentation",
                        MethodType.methodType(void.class, Runnable.class));
            } catch (ReflectiveOperationException | LinkageError absent) {
                // the other one, or none
            }
        }
        return null;
    }

    private static MethodHandle getOrNoop() {
        try {
            return MethodHandles.publicLookup().findStatic(GlobalOpenTelemetry.class, "getOrNoop",
                    MethodType.methodType(OpenTelemetry.class));
        } catch (ReflectiveOperationException | LinkageError absent) {
            return null;
        }
    }
}
