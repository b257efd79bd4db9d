package io.retrying.jdbc.internal.unit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Idempotent;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.springframework.aop.TargetClassAware;

/**
 * Where {@link IdempotentLookup} finds the annotation: through generated subclasses (named as
 * CGLIB names them), through a JDK proxy that says its target class as Spring's do, on an
 * interface of the user's class, and not where there is none. Reflection only: the scenarios with
 * a real failure are in {@code RetryingTest} (core) and the Spring Boot module's tests.
 */
class IdempotentLookupTest {

    interface Orders {
        void place(String key);

        void cancel(String key);
    }

    @Idempotent
    interface Refunds {
        void refund(String key);
    }

    static class OrderService implements Orders, Refunds {
        @Idempotent
        @Override
        public void place(String key) {}

        @Override
        public void cancel(String key) {}

        @Override
        public void refund(String key) {}
    }

    static class OrderService$$SpringCGLIB$$0 extends OrderService {
        @Override
        public void place(String key) {}

        @Override
        public void cancel(String key) {}

        @Override
        public void refund(String key) {}
    }

    /** A second generation, as when a CGLIB proxy subclasses a configuration-enhanced class. */
    static class OrderService$$SpringCGLIB$$1 extends OrderService$$SpringCGLIB$$0 {}

    private static Method orders(String name) throws NoSuchMethodException {
        return Orders.class.getMethod(name, String.class);
    }

    @Test
    void seesThroughGeneratedSubclassesToTheUsersMethod() throws Exception {
        assertTrue(IdempotentLookup.declared(orders("place"), new OrderService$$SpringCGLIB$$1()));
        assertTrue(IdempotentLookup.declared(OrderService$$SpringCGLIB$$0.class.getMethod("place", String.class),
                OrderService$$SpringCGLIB$$0.class), "the subclass's own method, as a CGLIB pointcut sees it");
        assertFalse(IdempotentLookup.declared(orders("cancel"), new OrderService$$SpringCGLIB$$1()));
    }

    @Test
    void findsTheAnnotationOnAnInterfaceOfTheUsersClass() throws Exception {
        Method refund = OrderService$$SpringCGLIB$$0.class.getMethod("refund", String.class);
        assertTrue(IdempotentLookup.declared(refund, OrderService$$SpringCGLIB$$0.class));
    }

    @Test
    void aJdkProxyThatNamesItsTargetClassIsSeenThrough() throws Exception {
        // given a JDK proxy as Spring makes one: it implements the user's interface and
        // TargetClassAware, and says it proxies OrderService
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Orders.class, TargetClassAware.class},
                (p, m, args) -> m.getName().equals("getTargetClass") ? OrderService.class : null);

        assertTrue(IdempotentLookup.declared(orders("place"), proxy));
        assertFalse(IdempotentLookup.declared(orders("cancel"), proxy));
    }

    @Test
    void aPlainJdkProxyShowsOnlyItsInterfaces() throws Exception {
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Orders.class, Refunds.class},
                (p, m, args) -> null);

        assertFalse(IdempotentLookup.declared(orders("place"), proxy), "the annotation is on a class it cannot see");
        assertTrue(IdempotentLookup.declared(Refunds.class.getMethod("refund", String.class), proxy));
    }
}
