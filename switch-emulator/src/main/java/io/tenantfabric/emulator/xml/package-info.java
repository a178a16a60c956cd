/** XML parsing hardened against XXE and entity expansion, and a small escaping writer. */
package io.tenantfabric.emulator.xml;
