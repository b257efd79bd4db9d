package io.retrying.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a unit of work that may run again, whole, after any retryable failure, including one
 * whose outcome is unknown (SQLState 08007: a connection lost while a write or a COMMIT was in
 * flight, so the first run may have taken effect). Honoured by {@link Retrying#proxy}.
 *
 * <p><b>What the annotation promises.</b> Running the method twice has the same effect as running
 * it once: for instance it writes under an idempotency key ({@code INSERT ... ON CONFLICT (key) DO
 * NOTHING}), sets values rather than adding to them, or reads only. The library cannot check
 * this; it takes your word for it, and a method that is not idempotent may apply its writes twice.
 *
 * <p><b>Where it may go.</b> On a method, it covers that method; on a type, every method of that
 * type. {@link Retrying#proxy} looks in four places and one is enough: the interface method, the
 * interface (the one given to {@code proxy} or the one declaring the method), the target's
 * implementation of the method, and the target's class (or a superclass: the annotation is
 * {@link Inherited}), and on the interfaces of that class. Generated classes are seen through to
 * the user's own: a CGLIB subclass such as Spring's {@code OrderService$$SpringCGLIB$$0}, whose
 * override of the method carries no annotation, and a Spring AOP proxy (JDK or CGLIB), which says
 * the class it proxies, as Spring's own annotation lookup does. There is no way to opt a method out of a type-level annotation: annotate
 * the methods one by one instead.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Idempotent {
}
