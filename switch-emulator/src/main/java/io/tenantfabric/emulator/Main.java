package io.tenantfabric.emulator;

/** Command-line entry point of the emulated fabric. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    throw new UnsupportedOperationException(
        "the emulator command line is built in the southbound issue");
  }
}
