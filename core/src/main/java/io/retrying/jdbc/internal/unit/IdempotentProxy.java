package io.retrying.jdbc.internal.unit;

import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.Idempotent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The handler behind {@code Retrying.proxy}: a method found {@link Idempotent} runs through
 * {@link UnitRetry}; any other method is called on the target directly, once.
 *
 * <p>A JDK dynamic proxy, unlike the hand-written JDBC wrappers: it serves a call per unit of work,
 * not per statement, and the reflective call costs nothing beside the work's round trips. Which
 * methods are idempotent is worked out once, when the proxy is made (see {@link Idempotent} for
 * where the annotation is looked for).
 *
 * <p>Each call reaches the target through its interface method, so a default method runs as the
 * target has it (its own or the inherited default), and the calls it makes on {@code this} go to
 * the target directly, not through the proxy: the unit retried is the method called on the proxy,
 * never a part of it.
 *
 * <p>{@code equals}, {@code hashCode} and {@code toString} are the proxy's own: two proxies are
 * equal when they wrap equal targets for the same interface, policy and listener; the hash is the
 * target's; the text is {@code Retrying<Iface>@hash wrapping <target>}.
 *
 * <p>Immutable and thread-safe if the target is.
 */
public final class IdempotentProxy implements InvocationHandler {

    /** How one interface method is called. */
    private record Route(Method method, boolean idempotent, boolean exhaustedAllowed, String name) {}

    private final Class<?> iface;
    private final Object target;
    private final RetryListener listener;
    private final UnitRetry retry;
    private final Map<Method, Route> routes;

    private IdempotentProxy(Class<?> iface, Object target, RetryPolicy policy, RetryListener listener) {
        this.iface = iface;
        this.target = target;
        this.listener = listener;
        this.retry = new UnitRetry(policy, listener);
        Map<Method, Route> byMethod = new HashMap<>();
        for (Method m : iface.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers())) {
                byMethod.put(m, route(m));
            }
        }
        this.routes = Map.copyOf(byMethod);
    }

    /**
     * A proxy of {@code iface} over {@code target}.
     *
     * @param listener hears of retries, recoveries and give-ups; {@code null} for none
     * @throws NullPointerException when iface, target or policy is null
     * @throws IllegalArgumentException when iface is not an interface, or target does not implement it
     */
    public static <T> T create(Class<T> iface, T target, RetryPolicy policy, RetryListener listener) {
        Objects.requireNonNull(iface, "iface");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(policy, "policy");
        if (!iface.isInterface()) {
            throw new IllegalArgumentException("iface must be an interface: " + iface.getName());
        }
        if (!iface.isInstance(target)) {
            throw new IllegalArgumentException("target, a " + target.getClass().getName() + ", does not implement "
                    + iface.getName());
        }
        ClassLoader loader = iface.getClassLoader() != null ? iface.getClassLoader() : IdempotentProxy.class.getClassLoader();
        Object proxy = Proxy.newProxyInstance(loader, new Class<?>[] {iface},
                new IdempotentProxy(iface, target, policy, listener));
        return iface.cast(proxy);
    }

    private Route route(Method m) {
        Method callable = m;
        if (!Modifier.isPublic(m.getDeclaringClass().getModifiers()) && !callable.trySetAccessible()) {
            throw new IllegalArgumentException("cannot call " + m + " reflectively: make " + m.getDeclaringClass().getName()
                    + " public or open its package to io.retrying.jdbc");
        }
        boolean exhaustedAllowed = false;
        for (Class<?> thrown : m.getExceptionTypes()) {
            exhaustedAllowed |= thrown.isAssignableFrom(SQLException.class);
        }
        return new Route(callable, idempotent(m), exhaustedAllowed, iface.getSimpleName() + "." + m.getName());
    }

    /**
     * Whether {@code m} is declared idempotent in any of the places {@link Idempotent} names, seen
     * through generated subclasses and proxies to the user's class ({@link IdempotentLookup}).
     */
    private boolean idempotent(Method m) {
        return iface.isAnnotationPresent(Idempotent.class) || IdempotentLookup.declared(m, target);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return objectMethod(proxy, method, args);
        }
        Route route = routes.get(method);
        if (route == null) {
            return call(method, args); // not an interface method of ours: cannot happen with JDK proxies
        }
        if (!route.idempotent) {
            return call(route.method, args);
        }
        return retry.run(() -> call(route.method, args), route.name, Deadline.none(), route.exhaustedAllowed);
    }

    /** Calls the target once, as if directly: what it throws is thrown as is, not wrapped. */
    private Object call(Method m, Object[] args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable thrown = e.getCause();
            if (thrown instanceof Exception) {
                throw (Exception) thrown;
            }
            if (thrown instanceof Error) {
                throw (Error) thrown;
            }
            throw e; // a Throwable that is neither: nothing better to do than say so
        }
    }

    private Object objectMethod(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
            case "equals":
                return proxy == args[0] || args[0] != null && Proxy.isProxyClass(args[0].getClass())
                        && Proxy.getInvocationHandler(args[0]) instanceof IdempotentProxy other && sameAs(other);
            case "hashCode":
                return target.hashCode();
            case "toString":
                return "Retrying<" + iface.getSimpleName() + ">@" + Integer.toHexString(System.identityHashCode(proxy))
                        + " wrapping " + target;
            default:
                throw new IllegalStateException("unexpected Object method on a proxy: " + method);
        }
    }

    private boolean sameAs(IdempotentProxy other) {
        return iface == other.iface && retry.policy() == other.retry.policy() && listener == other.listener
                && target.equals(other.target);
    }
}
