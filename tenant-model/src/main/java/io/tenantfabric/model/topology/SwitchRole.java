package io.tenantfabric.model.topology;

/** The tier a switch sits in: leaves face GPUs, spines face leaves, super-spines join pods. */
public enum SwitchRole {
  SPINE,
  LEAF,
  SUPER_SPINE
}
