package io.retrying.jdbc.internal.unit;

import io.retrying.jdbc.Idempotent;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds {@link Idempotent} for a method called on an object, through the classes that frameworks
 * generate around the user's own: a CGLIB subclass ({@code OrderService$$SpringCGLIB$$0}, whose
 * override of the method carries no annotation), a Spring AOP proxy (JDK or CGLIB, which says what
 * it proxies through {@code org.springframework.aop.TargetClassAware}), a ByteBuddy or Hibernate
 * subclass, a {@code java.lang.reflect.Proxy}. Spring's own lookup ({@code AnnotatedElementUtils}
 * with the type-hierarchy strategy) searches the same places; this class does it without Spring
 * on the class path, so that core can honour the annotation on a Spring bean and the starter's
 * advice agrees with {@code Retrying.proxy} on what is idempotent.
 *
 * <p>Where it looks, and one is enough: the method itself and its declaring type; then, from the
 * user's class up to {@code Object}, each class's own method of the same name and parameter
 * types, the class itself, and every interface it implements (the interface's method, or the
 * interface when it has the method). Reflection, so not for a hot path: callers look once per
 * method and keep the answer.
 *
 * <p>Stateless and thread-safe.
 */
public final class IdempotentLookup {

    /** Spring's marker for the proxies it makes; looked up by name so core needs no Spring. */
    private static final String TARGET_CLASS_AWARE = "org.springframework.aop.TargetClassAware";

    private IdempotentLookup() {}

    /**
     * Whether {@code method}, called on {@code target}, is declared idempotent.
     *
     * @param method the method called: an interface's or a class's
     * @param target the object it is called on (a framework's proxy or subclass, or the user's own)
     */
    public static boolean declared(Method method, Object target) {
        return declared(method, targetClass(target));
    }

    /**
     * Whether {@code method}, called on an instance of {@code targetClass}, is declared idempotent.
     *
     * @param targetClass the runtime class, generated or not; {@code null} to look at the method only
     */
    public static boolean declared(Method method, Class<?> targetClass) {
        if (method.isAnnotationPresent(Idempotent.class) || method.getDeclaringClass().isAnnotationPresent(Idempotent.class)) {
            return true;
        }
        if (targetClass == null) {
            return false;
        }
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> c = userClass(targetClass); c != null && c != Object.class; c = c.getSuperclass()) {
            Method own = declaredMethod(c, method);
            if (own != null && own.isAnnotationPresent(Idempotent.class) || c.isAnnotationPresent(Idempotent.class)) {
                return true;
            }
            interfaces.addAll(List.of(c.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        while (!interfaces.isEmpty()) {
            Class<?> i = interfaces.poll();
            if (!seen.add(i)) {
                continue;
            }
            Method own = declaredMethod(i, method);
            if (own != null && own.isAnnotationPresent(Idempotent.class)) {
                return true;
            }
            if (i.isAnnotationPresent(Idempotent.class) && hasMethod(i, method)) {
                return true;
            }
            interfaces.addAll(List.of(i.getInterfaces()));
        }
        return false;
    }

    /**
     * The class whose methods the user wrote: what a Spring proxy says it proxies, else the first
     * class above the generated subclasses.
     */
    static Class<?> targetClass(Object target) {
        Class<?> c = target.getClass();
        if (implementsByName(c, TARGET_CLASS_AWARE)) {
            try {
                Object proxied = c.getMethod("getTargetClass").invoke(target);
                if (proxied instanceof Class<?> proxiedClass) {
                    return proxiedClass;
                }
            } catch (ReflectiveOperationException | RuntimeException notAnswered) {
                // a proxy that cannot say: fall back to what its class shows
            }
        }
        return c;
    }

    /** Steps over generated subclasses (CGLIB, ByteBuddy, Hibernate) to the user's class. */
    static Class<?> userClass(Class<?> c) {
        Class<?> user = c;
        while (generated(user) && user.getSuperclass() != null && user.getSuperclass() != Object.class) {
            user = user.getSuperclass();
        }
        return user;
    }

    private static boolean generated(Class<?> c) {
        String name = c.getName();
        // "$$": CGLIB and Spring's naming (ClassUtils.CGLIB_CLASS_SEPARATOR); the others are
        // ByteBuddy's and Hibernate's defaults
        return name.contains("$$") || name.contains("$ByteBuddy$") || name.contains("$HibernateProxy$");
    }

    private static boolean implementsByName(Class<?> c, String name) {
        if (Proxy.isProxyClass(c) || c.getName().contains("$$")) {
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                Deque<Class<?>> todo = new ArrayDeque<>(List.of(k.getInterfaces()));
                while (!todo.isEmpty()) {
                    Class<?> i = todo.poll();
                    if (i.getName().equals(name)) {
                        return true;
                    }
                    todo.addAll(List.of(i.getInterfaces()));
                }
            }
        }
        return false;
    }

    private static Method declaredMethod(Class<?> c, Method m) {
        try {
            return c.getDeclaredMethod(m.getName(), m.getParameterTypes());
        } catch (NoSuchMethodException | SecurityException none) {
            return null;
        }
    }

    private static boolean hasMethod(Class<?> i, Method m) {
        try {
            i.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException | SecurityException none) {
            return false;
        }
    }
}
