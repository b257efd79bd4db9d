package io.retrying.jdbc.ha;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A few application threads running the same kind of work in a loop until told to stop, counting
 * what succeeded and keeping every failure the application saw, with when it happened.
 */
final class Workers implements AutoCloseable {

  /** One unit of work; each thread has its own (its own connection). */
  @FunctionalInterface
  interface Work {
    void run() throws SQLException;
  }

  /** A unit of work as the thread starts it: opens what the thread needs. */
  @FunctionalInterface
  interface WorkFactory {
    Work open() throws SQLException;
  }

  record Failure(String thread, long atNanos, SQLException error) {
    @Override
    public String toString() {
      return thread + ": " + error.getSQLState() + " " + error.getMessage();
    }
  }

  private final String name;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong successes = new AtomicLong();
  private final Queue<Failure> failures = new ConcurrentLinkedQueue<>();
  private final List<Thread> threads = new ArrayList<>();

  private Workers(String name) {
    this.name = name;
  }

  static Workers start(String name, int count, WorkFactory factory) {
    Workers w = new Workers(name);
    for (int i = 0; i < count; i++) {
      String threadName = name + "-" + i;
      Thread t = new Thread(() -> w.loop(threadName, factory), threadName);
      t.setDaemon(true);
      w.threads.add(t);
      t.start();
    }
    return w;
  }

  private void loop(String thread, WorkFactory factory) {
    try {
      Work work = factory.open();
      while (running.get()) {
        try {
          work.run();
          successes.incrementAndGet();
        } catch (SQLException e) {
          failures.add(new Failure(thread, System.nanoTime(), e));
          pause(); // as an application would before its next request
        }
      }
    } catch (SQLException e) {
      failures.add(new Failure(thread, System.nanoTime(), e));
    }
  }

  long successes() {
    return successes.get();
  }

  List<Failure> failures() {
    return List.copyOf(failures);
  }

  /** Waits until {@code more} further units succeeded; false if that took longer than {@code max}. */
  boolean awaitProgress(long more, Duration max) throws InterruptedException {
    if (threads.isEmpty()) {
      return true; // nobody runs this kind of work: nothing to wait for
    }
    long target = successes.get() + more;
    long deadline = System.nanoTime() + max.toNanos();
    while (successes.get() < target) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(5);
    }
    return true;
  }

  @Override
  public void close() throws InterruptedException {
    running.set(false);
    for (Thread t : threads) {
      t.join(10_000);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(10);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return name + "[ok=" + successes.get() + ", failed=" + failures.size() + "]";
  }
}
