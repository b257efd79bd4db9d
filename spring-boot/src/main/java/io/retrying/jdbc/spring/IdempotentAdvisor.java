package io.retrying.jdbc.spring;

import io.retrying.jdbc.internal.unit.IdempotentLookup;
import java.lang.reflect.Method;
import org.aopalliance.aop.Advice;
import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * The {@code @Idempotent} advice for Spring beans: its pointcut finds the annotation where core's
 * {@code Retrying.proxy} does (the method, its class, their interfaces, through CGLIB subclasses),
 * and its order puts it before the transaction interceptor.
 */
final class IdempotentAdvisor extends AbstractPointcutAdvisor {

    private static final long serialVersionUID = 1L;

    private final transient IdempotentInterceptor interceptor;

    private final Pointcut pointcut = new StaticMethodMatcherPointcut() {
        @Override
        public boolean matches(Method method, Class<?> targetClass) {
            return IdempotentLookup.declared(method, targetClass);
        }
    };

    IdempotentAdvisor(IdempotentInterceptor interceptor, int order) {
        this.interceptor = interceptor;
        setOrder(order);
    }

    @Override
    public Pointcut getPointcut() {
        return pointcut;
    }

    @Override
    public Advice getAdvice() {
        return interceptor;
    }
}
