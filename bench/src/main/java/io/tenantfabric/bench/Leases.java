package io.tenantfabric.bench;

import java.io.IOException;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Tenants and allocations over the REST API, waiting the way a portal would ({@code ?wait=}). */
final class Leases {
  private Leases() {}

  static void createTenant(Api api, String name, int quota)
      throws IOException, InterruptedException {
    Api.Response t =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", quota));
    if (t.status() != 201) {
      throw new IOException("create tenant " + name + " -> " + t);
    }
  }

  /** As {@link #finish}, but the allocation must end ACTIVE. */
  static JsonNode allocate(Api api, String tenant, int gpus)
      throws IOException, InterruptedException {
    return allocate(api, tenant, gpus, null);
  }

  /**
   * As {@link #allocate(Api, String, int)}, sent with {@code Idempotency-Key: key} (null: none).
   */
  static JsonNode allocate(Api api, String tenant, int gpus, String key)
      throws IOException, InterruptedException {
    JsonNode a = finish(api, tenant, gpus, key);
    if (!"ACTIVE".equals(a.get("status").asString())) {
      throw new IOException(
          "allocation of "
              + gpus
              + " GPUs for "
              + tenant
              + " ended "
              + a.get("status").asString()
              + ": "
              + a.get("failureReason"));
    }
    return a;
  }

  /**
   * {@code POST /api/v1/tenants/{t}/allocations?wait=PT60S}, then (if still PROVISIONING after the
   * longest wait the API allows) reads it until it is done; the allocation, ACTIVE or FAILED.
   */
  static JsonNode finish(Api api, String tenant, int gpus)
      throws IOException, InterruptedException {
    return finish(api, tenant, gpus, null);
  }

  private static JsonNode finish(Api api, String tenant, int gpus, String key)
      throws IOException, InterruptedException {
    Api.Response r =
        api.post(
            "/api/v1/tenants/" + tenant + "/allocations?wait=PT60S",
            Map.of("gpus", gpus),
            keyed(key));
    if (r.status() != 200 && r.status() != 202) {
      throw new IOException("allocate " + gpus + " for " + tenant + " -> " + r);
    }
    JsonNode a = r.json();
    String path = "/api/v1/tenants/" + tenant + "/allocations/" + a.get("id").asString();
    while ("PROVISIONING".equals(a.get("status").asString())) {
      Thread.sleep(100);
      a = api.get(path).json();
    }
    return a;
  }

  /** {@code DELETE .../allocations/{id}?wait=PT60S} until RELEASED. */
  static void release(Api api, String tenant, String id) throws IOException, InterruptedException {
    release(api, tenant, id, null);
  }

  /** As {@link #release(Api, String, String)}, with {@code Idempotency-Key: key} (null: none). */
  static void release(Api api, String tenant, String id, String key)
      throws IOException, InterruptedException {
    String path = "/api/v1/tenants/" + tenant + "/allocations/" + id;
    Api.Response r = api.delete(path + "?wait=PT60S", keyed(key));
    if (r.status() != 200 && r.status() != 202) {
      throw new IOException("release " + id + " of " + tenant + " -> " + r);
    }
    JsonNode a = r.json();
    while ("RELEASING".equals(a.get("status").asString())) {
      Thread.sleep(100);
      a = api.get(path).json();
    }
    if (!"RELEASED".equals(a.get("status").asString())) {
      throw new IOException("release of " + tenant + " ended " + a);
    }
  }

  private static Map<String, String> keyed(String key) {
    return key == null ? Map.of() : Map.of("Idempotency-Key", key);
  }
}
