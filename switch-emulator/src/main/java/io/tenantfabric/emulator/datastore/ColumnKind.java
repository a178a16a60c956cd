package io.tenantfabric.emulator.datastore;

/** How a column's text is validated and normalised. */
public enum ColumnKind {
  INT,
  STRING,
  BOOL,
  ENUM,
  IPV4,
  ACL_NAME,
  VSI_NAME
}
