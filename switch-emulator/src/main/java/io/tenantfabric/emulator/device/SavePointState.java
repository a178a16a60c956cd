package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.Datastore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/** An open save-point (comware-facts.md §2.6): owner, the begin state, the committed points. */
final class SavePointState {
  /** One rollback point; id 1 is the begin state. */
  record Point(int id, String label, String comment, Instant time, String user, Datastore state) {}

  /** comware-facts.md §2.6: at most 50 points. */
  static final int MAX_POINTS = 50;

  final int owner;
  final long timeoutSeconds;
  final Datastore beginState;
  final List<Point> points = new ArrayList<>();
  int nextId = 1;
  ScheduledFuture<?> timer;

  SavePointState(int owner, long timeoutSeconds, Datastore beginState, String user) {
    this.owner = owner;
    this.timeoutSeconds = timeoutSeconds;
    this.beginState = beginState;
    points.add(new Point(nextId++, "", "", Instant.now(), user, beginState.copy()));
  }
}
