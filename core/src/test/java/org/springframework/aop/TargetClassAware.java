package org.springframework.aop;

/**
 * A stand-in, for core's tests only, for Spring AOP's interface of the same name: every proxy
 * Spring makes implements it and says which class it proxies. Core looks it up by name, so this
 * stand-in lets a JDK proxy play a Spring proxy without Spring on the class path.
 */
public interface TargetClassAware {
    Class<?> getTargetClass();
}
