package io.tenantfabric.controller.device;

import io.tenantfabric.controller.provision.DeviceConfigJson;
import io.tenantfabric.controller.provision.SwitchReader;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.SwitchName;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads one switch's config from a {@link ConfigSource}: compiled from the intent now, read live
 * (503 when the switch cannot be read, 409 when it is unmanaged), or the last verified one (404
 * when none was ever verified).
 */
@Component
class ReadDeviceConfig {

  private final DeviceFactsReader facts;
  private final LiveReads live;
  private final JsonMapper json;

  ReadDeviceConfig(DeviceFactsReader facts, LiveReads live, JsonMapper json) {
    this.facts = facts;
    this.live = live;
    this.json = json;
  }

  DeviceConfigView read(SwitchName name, ConfigSource source) {
    DeviceFacts f = facts.read(name, source == ConfigSource.RUNNING);
    return switch (source) {
      case INTENDED ->
          new DeviceConfigView(
              name.value(),
              source.label(),
              f.device().desiredGeneration(),
              null,
              null,
              tree(f.target()),
              null);
      case RUNNING -> running(f);
      case CACHED -> cached(f);
    };
  }

  private DeviceConfigView running(DeviceFacts f) {
    SwitchReader.Running running = live.read(f.requireManaged(), f.target());
    return new DeviceConfigView(
        f.device().name(),
        ConfigSource.RUNNING.label(),
        null,
        null,
        null,
        tree(running.config()),
        running.anomalies());
  }

  private DeviceConfigView cached(DeviceFacts f) {
    String name = f.device().name();
    StoredConfig stored =
        f.stored()
            .orElseThrow(
                () ->
                    Refusal.notFound(
                        "No verified config",
                        "No config has been verified on "
                            + name
                            + " yet: the provisioner stores one after its first change."));
    return new DeviceConfigView(
        name,
        ConfigSource.CACHED.label(),
        stored.generation(),
        stored.verifiedAt(),
        stored.valid(),
        // through the model and back: the key order of the other sources, not jsonb's
        tree(DeviceConfigJson.read(stored.configJson())),
        null);
  }

  private JsonNode tree(DeviceConfig config) {
    return json.readTree(DeviceConfigJson.write(config));
  }
}
