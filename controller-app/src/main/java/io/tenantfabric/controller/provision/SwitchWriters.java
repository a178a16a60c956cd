package io.tenantfabric.controller.provision;

import java.util.List;
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
 */
@Component
public class SwitchWriters {

  private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

  /** Runs {@code work} while holding switch {@code name}. */
  public <T> T whileHeld(String name, Supplier<T> work) {
    ReentrantLock lock = lock(name);
    lock.lock();
    try {
      return work.get();
    } finally {
      lock.unlock();
    }
  }

  /** Holds every named switch (in name order, so that two holders never deadlock). */
  void holdAll(List<String> sortedNames) {
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
  }

  private ReentrantLock lock(String name) {
    return locks.computeIfAbsent(name, n -> new ReentrantLock());
  }
}
