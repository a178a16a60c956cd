/**
 * One command on a bare machine: {@code java -jar demo/target/demo.jar} starts PostgreSQL (a
 * configured one, the local server, or an embedded one kept in the data directory), the migrate
 * step, the emulated fabric and the controller, onboards the fabric and prints an OPERATOR token.
 *
 * <p>The controller and the emulator run as child JVMs, not in this JVM: the controller is the very
 * jar production runs ({@code controller-app.jar}, carried inside {@code demo.jar}), on its own
 * classpath, so the build's rule that keeps the emulator and the embedded database off that
 * classpath still holds when the demo runs, and a demo run exercises the same start-up, {@code
 * --migrate} step and environment variables as a deployment.
 */
package io.tenantfabric.demo;
