package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails every test of core in which the layer sent a statement of its own outside a frame that
 * cannot write ({@link FrameAudit}). Registered for all of core's tests by JUnit's extension
 * auto-detection (src/test/resources: META-INF/services and junit-platform.properties), so that
 * each failure-path test holds the rule, not one test written for it.
 */
public final class FrameAuditExtension implements BeforeEachCallback, AfterEachCallback {

    /** The test running now, as the extension saw it begin: proof that auto-detection registered it. */
    static volatile String current;

    @Override
    public void beforeEach(ExtensionContext context) {
        FrameAudit.drain();
        current = context.getUniqueId();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<String> violations = FrameAudit.drain();
        assertEquals(List.of(), violations, "the layer's own statements outside a frame that cannot write");
    }
}
