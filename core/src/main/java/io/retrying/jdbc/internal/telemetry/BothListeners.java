package io.retrying.jdbc.internal.telemetry;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;

/**
 * Two listeners as one: the data source's, then the telemetry provider's. The second hears an
 * event even when the first throws (the reporter then logs the first one's failure). A test holds
 * every method of {@link RetryListener} to being forwarded here.
 */
final class BothListeners implements RetryListener {
    private final RetryListener first;
    private final RetryListener second;

    BothListeners(RetryListener first, RetryListener second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void onRetry(RetryEvent event) {
        try {
            first.onRetry(event);
        } finally {
            second.onRetry(event);
        }
    }

    @Override
    public void onRecovered(RetryEvent event) {
        try {
            first.onRecovered(event);
        } finally {
            second.onRecovered(event);
        }
    }

    @Override
    public void onGiveUp(RetryEvent event) {
        try {
            first.onGiveUp(event);
        } finally {
            second.onGiveUp(event);
        }
    }

    @Override
    public void onRetryRefused(RetryEvent event) {
        try {
            first.onRetryRefused(event);
        } finally {
            second.onRetryRefused(event);
        }
    }

    @Override
    public void onCommitResolved(long xid, CommitOutcome outcome) {
        try {
            first.onCommitResolved(xid, outcome);
        } finally {
            second.onCommitResolved(xid, outcome);
        }
    }

    @Override
    public void onCircuitStateChange(CircuitEvent event) {
        try {
            first.onCircuitStateChange(event);
        } finally {
            second.onCircuitStateChange(event);
        }
    }

    @Override
    public void onSuccessWithoutRetry() {
        try {
            first.onSuccessWithoutRetry();
        } finally {
            second.onSuccessWithoutRetry();
        }
    }

    @Override
    public void onReplay(ReplayOutcome outcome) {
        try {
            first.onReplay(outcome);
        } finally {
            second.onReplay(outcome);
        }
    }

    @Override
    public void onReadRouted(ReadRoute route) {
        try {
            first.onReadRouted(route);
        } finally {
            second.onReadRouted(route);
        }
    }

    @Override
    public String toString() {
        return "RetryListeners[" + first + ", " + second + "]";
    }
}
