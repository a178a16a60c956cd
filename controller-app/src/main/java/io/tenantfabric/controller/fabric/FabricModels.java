package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricLock;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stored fabric as tenant-model's {@link Fabric}, built once per revision (building the
 * 10,240-GPU fabric takes milliseconds, placement runs on every allocation).
 */
@Component
public class FabricModels {

  /** {@code stamp} is null when the entry came from an entity ({@link #of(FabricEntity)}). */
  private record Cached(long revision, FabricLock.Stamp stamp, String specJson, Fabric fabric) {}

  private final FabricRepository fabrics;
  private final FabricLock lock;
  private final JsonMapper json;
  private volatile Cached cached;

  FabricModels(FabricRepository fabrics, FabricLock lock, JsonMapper json) {
    this.fabrics = fabrics;
    this.lock = lock;
    this.json = json;
  }

  /** The fabric of the given row (the caller holds it, locked or not). */
  public Fabric of(FabricEntity row) {
    Cached c = cached;
    if (c != null && c.revision() == row.revision() && c.specJson().equals(row.specJson())) {
      return c.fabric();
    }
    Fabric fabric = Fabric.of(json.readValue(row.specJson(), FabricSpec.class));
    cached = new Cached(row.revision(), null, row.specJson(), fabric);
    return fabric;
  }

  /**
   * Locks the fabric row ({@code FOR NO KEY UPDATE}, the per-fabric mutex) until the caller's
   * transaction ends, and returns its fabric; 404 if none. The spec is read and parsed only when
   * the row's revision (or creation) differs from the one built last.
   */
  public Fabric lockDefined() {
    return locked(lock.lock());
  }

  /**
   * {@link #lockDefined()} as the next statement of {@code trip}: the fabric (or the 404) once the
   * caller has sent it.
   */
  public Supplier<Fabric> lockDefined(RoundTrip trip) {
    RoundTrip.Answer<Optional<FabricLock.Stamp>> stamp = lock.lock(trip);
    return () -> locked(stamp.get());
  }

  private Fabric locked(Optional<FabricLock.Stamp> row) {
    FabricLock.Stamp stamp = row.orElseThrow(FabricModels::notDefined);
    Cached c = cached;
    if (c != null && stamp.equals(c.stamp())) {
      return c.fabric();
    }
    String spec = lock.spec();
    Fabric fabric = Fabric.of(json.readValue(spec, FabricSpec.class));
    cached = new Cached(stamp.revision(), stamp, spec, fabric);
    return fabric;
  }

  /** The fabric row without a lock; 404 if none is defined yet. */
  public FabricEntity defined() {
    return fabrics.findFabric().orElseThrow(FabricModels::notDefined);
  }

  public String toJson(FabricSpec spec) {
    return json.writeValueAsString(spec);
  }

  static Refusal notDefined() {
    return Refusal.notFound(
        "Fabric not defined", "No fabric is defined yet: PUT /api/v1/fabric first.");
  }
}
