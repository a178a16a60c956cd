package io.tenantfabric.model.lifecycle;

/** One day-0 item a switch lacks, with what exactly is missing in the operator's words. */
public record Day0Gap(Day0Item item, String detail) {

  public Day0Gap {
    if (item == null || detail == null || detail.isBlank()) {
      throw new IllegalArgumentException("a day-0 gap names its item and what is missing");
    }
  }

  @Override
  public String toString() {
    return item + ": " + detail;
  }
}
