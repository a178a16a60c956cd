package io.tenantfabric.controller.provision;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * One writer per switch in this process: the provisioner holds a switch from before its prepare
 * until the batch's outcome is recorded (so a reader sees either the old generation with the old
 * config or the new with the new, never a prepared change or a confirmed one not yet recorded), the
 * saver while it saves, and a reader (an isolation audit) while it reads the switch's generation,
 * its intent and its running config. Only the provisioning leader changes switches, so only the
 * leader's readers need this.
 *
 * <p>A batch goes first: {@link #holdAll} marks every switch it wants before it takes them one by
 * one, and a reader does not start on a wanted switch until the batch lets go. Otherwise an audit
 * reading the whole fabric would keep taking switches ahead of the batch, and a lease would wait
 * for most of the audit; this way a batch waits only for the reads already under way.
 */
@Component
public class SwitchWriters {

  private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();
  private final Set<String> wanted = ConcurrentHashMap.newKeySet();
  private final Object letGo = new Object();

  /** Runs {@code work} while holding switch {@code name}, after any batch that wants it. */
  public <T> T whileHeld(String name, Supplier<T> work) {
    ReentrantLock lock = lock(name);
    boolean mine = lock.isHeldByCurrentThread(); // the provisioner's own thread, within a batch
    while (true) {
      if (!mine) {
        awaitNotWanted(name);
      }
      lock.lock();
      if (mine || !wanted.contains(name)) {
        break;
      }
      lock.unlock(); // a batch marked it between the wait and the lock: it goes first
    }
    try {
      return work.get();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Holds every named switch (in name order, so that two holders never deadlock); readers that have
   * not started on one of them wait until {@link #releaseAll}.
   */
  void holdAll(List<String> sortedNames) {
    wanted.addAll(sortedNames);
    for (String name : sortedNames) {
      lock(name).lock();
    }
  }

  /** Lets go of switches held by {@link #holdAll}. */
  void releaseAll(List<String> sortedNames) {
    for (String name : sortedNames) {
      ReentrantLock lock = locks.get(name);
      if (lock != null && lock.isHeldByCurrentThread()) {
        lock.unlock();
      }
    }
    synchronized (letGo) {
      wanted.removeAll(sortedNames);
      letGo.notifyAll();
    }
  }

  private void awaitNotWanted(String name) {
    synchronized (letGo) {
      while (wanted.contains(name)) {
        try {
          letGo.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while a batch held switch " + name, e);
        }
      }
    }
  }

  private ReentrantLock lock(String name) {
    return locks.computeIfAbsent(name, n -> new ReentrantLock());
  }
}
