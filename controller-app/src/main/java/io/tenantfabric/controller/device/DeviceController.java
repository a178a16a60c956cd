package io.tenantfabric.controller.device;

import io.tenantfabric.controller.web.SwitchNameParameter;
import io.tenantfabric.model.topology.SwitchName;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/fabric/devices/{name}}: one switch, its config from a source, and the plan of its
 * next change. A malformed name is a 400 naming {@code name}, an unknown switch a 404.
 */
@RestController
@RequestMapping("/api/v1/fabric/devices/{name}")
class DeviceController {

  private final DescribeDevice describe;
  private final ReadDeviceConfig config;
  private final PlanDeviceChange plan;

  DeviceController(DescribeDevice describe, ReadDeviceConfig config, PlanDeviceChange plan) {
    this.describe = describe;
    this.config = config;
    this.plan = plan;
  }

  @GetMapping
  DeviceView get(@PathVariable String name) {
    return describe.describe(switchName(name));
  }

  @GetMapping("/config")
  DeviceConfigView config(
      @PathVariable String name, @RequestParam(defaultValue = "intended") String source) {
    SwitchName parsed = switchName(name);
    return config.read(parsed, ConfigSource.parse(source));
  }

  @GetMapping("/plan")
  DevicePlan plan(@PathVariable String name) {
    return plan.plan(switchName(name));
  }

  private static SwitchName switchName(String name) {
    return SwitchNameParameter.parse(name);
  }
}
