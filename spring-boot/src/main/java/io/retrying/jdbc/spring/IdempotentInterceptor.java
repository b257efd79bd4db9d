package io.retrying.jdbc.spring;

import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.unit.UnitRetry;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Runs an {@code @Idempotent} bean method again, whole, under the data source's policy, as
 * {@code Retrying.proxy} does: each run is a fresh clone of the invocation, so it passes through
 * the interceptors ordered after this one again, the transaction interceptor among them, and gets
 * a transaction of its own.
 *
 * <p>A call made while a unit already runs on this thread (a nested {@code @Idempotent} method),
 * or inside a transaction the caller began, runs once: the outer unit, or whoever owns the
 * transaction, runs it again as a whole. Retrying a part inside a transaction the server aborted
 * cannot heal it, and nesting must not multiply the attempts.
 *
 * <p>Thread-safe.
 */
final class IdempotentInterceptor implements MethodInterceptor {

    /** Set while a unit runs on this thread. */
    private static final ThreadLocal<Boolean> IN_UNIT = new ThreadLocal<>();

    /** How one method is run: its name in reports, and whether it may throw SQLException. */
    private record Route(String name, boolean exhaustedAllowed) {}

    private final Supplier<RetryPolicy> policy;
    private final Supplier<RetryListener> listener;
    private final Map<Method, Route> routes = new ConcurrentHashMap<>();
    private volatile UnitRetry retry;

    /** Both are asked at the first call: the data source, and its meters, exist by then. */
    IdempotentInterceptor(Supplier<RetryPolicy> policy, Supplier<RetryListener> listener) {
        this.policy = policy;
        this.listener = listener;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (IN_UNIT.get() != null || TransactionSynchronizationManager.isActualTransactionActive()
                || !(invocation instanceof ProxyMethodInvocation proxied)) {
            return invocation.proceed();
        }
        Route route = routes.computeIfAbsent(invocation.getMethod(), m -> route(m, invocation.getThis()));
        IN_UNIT.set(Boolean.TRUE);
        try {
            return retry().run(() -> once(proxied.invocableClone()), route.name, Deadline.none(), route.exhaustedAllowed);
        } finally {
            IN_UNIT.remove();
        }
    }

    private UnitRetry retry() {
        UnitRetry r = retry;
        if (r == null) {
            r = new UnitRetry(policy.get(), listener.get());
            retry = r;
        }
        return r;
    }

    private static Object once(MethodInvocation run) throws Exception {
        try {
            return run.proceed();
        } catch (TransactionSystemException rollbackFailed) {
            throw original(rollbackFailed);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
        }
    }

    /**
     * The method failed and so did the rollback of its transaction (its connection was gone, say):
     * Spring throws the rollback's failure and keeps the method's aside, outside the cause chain.
     * What matters, to the caller and to the decision to run again, is the method's failure; the
     * rollback's goes beside it, suppressed.
     */
    private static Exception original(TransactionSystemException rollbackFailed) {
        Throwable original = rollbackFailed.getApplicationException();
        if (original == null) {
            return rollbackFailed;
        }
        original.addSuppressed(rollbackFailed);
        if (original instanceof Exception e) {
            return e;
        }
        if (original instanceof Error error) {
            throw error;
        }
        return new UndeclaredThrowableException(original);
    }

    private static Route route(Method m, Object target) {
        boolean exhaustedAllowed = false;
        for (Class<?> thrown : m.getExceptionTypes()) {
            exhaustedAllowed |= thrown.isAssignableFrom(SQLException.class);
        }
        Class<?> type = target == null ? m.getDeclaringClass() : AopUtils.getTargetClass(target);
        return new Route(org.springframework.util.ClassUtils.getUserClass(type).getSimpleName() + "." + m.getName(),
                exhaustedAllowed);
    }
}
