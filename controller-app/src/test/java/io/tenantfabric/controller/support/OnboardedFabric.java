package io.tenantfabric.controller.support;

import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * An emulated fabric (comware7) onboarded to the test class's own controller before its tests and
 * stopped after them, so that a {@link ControllerIT} test that drives switches does not have to
 * write that fixture again. Register it in an instance field of a {@code
 * TestInstance.Lifecycle.PER_CLASS} test: {@code @RegisterExtension final OnboardedFabric fabric =
 * new OnboardedFabric("h3c-s9825-1024");}. JUnit honours the class-level callbacks of an instance
 * field only when the instance exists before them, which is what PER_CLASS gives.
 *
 * <p>The order is what makes this work. Extensions in instance fields are registered after the
 * class-level ones (SpringExtension comes with {@code SpringBootTest}), so this extension's {@code
 * beforeAll} runs after SpringExtension's, on the application SpringExtension started for the
 * instance (or starts on being asked), and finds the server's port in its environment ({@code
 * local.server.port}, as {@code LocalServerPort} does). Every extension's {@code beforeAll} runs
 * before the class's own {@code BeforeAll} methods, so those can use the fabric for further setup
 * (tenants, tokens). After the tests the class's {@code AfterAll} methods run first, then the
 * extensions' {@code afterAll} in reverse order of registration: this one stops the emulator while
 * the application still runs, before SpringExtension closes it ({@code DirtiesContext} after the
 * class).
 */
public final class OnboardedFabric implements BeforeAllCallback, AfterAllCallback {

  private final String preset;
  private ApiClient api;
  private EmulatedFabric emulator;
  private EmulatorControl control;

  /** The {@code preset} fabric, onboarded once the application runs. */
  public OnboardedFabric(String preset) {
    this.preset = preset;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    Integer port =
        SpringExtension.getApplicationContext(context)
            .getEnvironment()
            .getProperty("local.server.port", Integer.class);
    if (port == null) {
      throw new IllegalStateException("no local.server.port: is the test a @ControllerIT?");
    }
    api = new ApiClient(port);
    emulator = EmulatedFabrics.onboard(api, preset, Profile.COMWARE7);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (control != null) {
        control.close();
      }
    } finally {
      if (emulator != null) {
        emulator.close();
      }
    }
  }

  /** A client with the bootstrap OPERATOR token, as {@code new ApiClient(port)} gives. */
  public ApiClient api() {
    return onboarded(api);
  }

  /** The emulated switches the controller manages. */
  public EmulatedFabric emulator() {
    return onboarded(emulator);
  }

  /**
   * The emulator's control API, served from the first call on: most tests never touch a switch
   * behind the controller's back and need no control server.
   */
  public EmulatorControl control() {
    if (control == null) {
      control = EmulatorControl.of(emulator());
    }
    return control;
  }

  private static <T> T onboarded(T value) {
    if (value == null) {
      throw new IllegalStateException(
          "the fabric is onboarded in beforeAll: register OnboardedFabric in a PER_CLASS test");
    }
    return value;
  }
}
