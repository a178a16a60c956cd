package io.tenantfabric.model.lifecycle;

/** What a planned cable joins: two switches ({@code FABRIC}), or a leaf and a GPU NIC. */
public enum CableKind {
  FABRIC,
  GPU
}
