package io.tenantfabric.controller.operation;

/**
 * The steps of a switch replace, in order: the new switch shows the posted serial number behind the
 * pinned host key, its day-0 configuration is there, its cables are checked, its whole intended
 * configuration is pushed and verified, an isolation audit of it is clean; then DONE.
 */
enum ReplaceStep {
  IDENTITY,
  DAY0,
  CABLING,
  PUSH,
  AUDIT,
  DONE;

  /** The step after this one (DONE stays DONE). */
  ReplaceStep next() {
    return this == DONE ? DONE : values()[ordinal() + 1];
  }
}
