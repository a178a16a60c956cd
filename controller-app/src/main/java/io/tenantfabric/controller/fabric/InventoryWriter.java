package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.db.fabric.DeviceInventory;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.lifecycle.Day0Records;
import io.tenantfabric.db.provisioning.IntentGenerations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The device inventory of a {@code PUT /api/v1/fabric}, written within its transaction whatever
 * else the request does (define, re-apply, grow): how the southbound reaches each listed switch,
 * with its host key pinned ({@link PinnedHostKeys}). A session already open to a switch whose entry
 * changes is not used again: every use reads the stored entry, and the session pools cut a session
 * opened for another entry before they connect to the new one, on this instance and every other. An
 * entry naming another box than before (a new host key or serial number) makes the switch's day-0
 * unchecked and its intent due again: the new box is checked, then given the whole intent.
 */
@Component
class InventoryWriter {

  private final SwitchRepository switches;
  private final Day0Records day0;
  private final IntentGenerations generations;

  InventoryWriter(SwitchRepository switches, Day0Records day0, IntentGenerations generations) {
    this.switches = switches;
    this.day0 = day0;
    this.generations = generations;
  }

  /**
   * Stores the request's inventory, refusing (409, nothing stored) a changed host key the request
   * did not name in replaceHostKeys; returns the pinned keys it replaced.
   */
  List<PinnedHostKeys.Change> write(DefineFabricRequest request, String fabric) {
    Map<String, SwitchEntity> rows = new LinkedHashMap<>();
    for (DeviceRequest d : request.devices()) {
      rows.put(
          d.name(),
          switches
              .findById(d.name())
              .orElseThrow(() -> new IllegalStateException("switch " + d.name() + " not stored")));
    }
    List<PinnedHostKeys.Change> changes =
        PinnedHostKeys.changes(
            request.devices(), name -> rows.get(name).device().map(DeviceInventory::hostKeySha256));
    List<PinnedHostKeys.Change> refused =
        PinnedHostKeys.unasked(changes, Set.copyOf(request.replaceHostKeys()));
    if (!refused.isEmpty()) {
      throw new Rejection(
          new AuditRecord(
              "fabric.inventory",
              "fabric",
              fabric,
              null,
              null,
              AuditOutcome.REJECTED,
              Map.of(
                  "hostKeyChanged",
                  refused.stream()
                      .map(PinnedHostKeys.Change::device)
                      .limit(PinnedHostKeys.LISTED)
                      .toList())),
          PinnedHostKeys.refusal(refused));
    }
    List<String> anotherBox = new ArrayList<>();
    for (DeviceRequest d : request.devices()) {
      SwitchEntity row = rows.get(d.name());
      boolean known = row.device().isPresent();
      if (known
          && (!row.device().get().hostKeySha256().equals(d.hostKeySha256())
              || !Objects.equals(row.serialNumber().orElse(null), d.serialNumber()))) {
        anotherBox.add(d.name());
      }
      row.setDevice(
          new DeviceInventory(d.host(), d.port(), d.username(), d.password(), d.hostKeySha256()));
      row.setSerialNumber(d.serialNumber());
    }
    // a new host key or serial names another box: its day-0 is checked before anything else, then
    // it gets the whole intent
    day0.anotherBox(anotherBox);
    if (!anotherBox.isEmpty()) {
      generations.notifyIntent();
    }
    return changes;
  }

  /** How many pinned keys were replaced, and the first of them with their old and new key. */
  static void putReplaced(Map<String, Object> details, List<PinnedHostKeys.Change> replaced) {
    if (!replaced.isEmpty()) {
      details.put("hostKeysReplaced", replaced.size());
      details.put(
          "hostKeyReplacements",
          replaced.stream()
              .limit(PinnedHostKeys.LISTED)
              .map(c -> Map.of("device", c.device(), "from", c.pinned(), "to", c.presented()))
              .toList());
    }
  }
}
