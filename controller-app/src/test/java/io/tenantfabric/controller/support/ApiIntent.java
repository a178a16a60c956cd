package io.tenantfabric.controller.support;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The intent as the API tells it, for tests that run the controller as a process and cannot reach
 * its beans: the preset's fabric, the named tenants with their pools, and their ACTIVE allocations'
 * GPUs. Compile it with {@code FabricCompiler} to get what each switch must run.
 */
public final class ApiIntent {

  private ApiIntent() {}

  public static FabricSnapshot snapshot(ApiClient api, String preset, List<String> tenants) {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    Map<String, TenantIntent> byName = new LinkedHashMap<>();
    List<AllocationIntent> bound = new ArrayList<>();
    for (String t : tenants) {
      JsonNode tenant = api.get("/api/v1/tenants/" + t).json();
      if (tenant.get("vni").isNull()) {
        continue;
      }
      byName.put(
          t,
          new TenantIntent(
              t,
              new Vni(tenant.get("vni").asInt()),
              Ipv4Prefix.parse(tenant.get("prefix").asString())));
      for (JsonNode a : api.get("/api/v1/tenants/" + t + "/allocations").json().get("items")) {
        if (a.get("status").asString().equals("ACTIVE")) {
          TreeSet<GpuId> gpus = new TreeSet<>();
          a.get("gpus").forEach(g -> gpus.add(new GpuId(g.get("id").asString())));
          bound.add(new AllocationIntent(a.get("id").asString(), t, gpus));
        }
      }
    }
    return new FabricSnapshot(fabric, byName, bound, FabricProfile.from(fabric));
  }
}
