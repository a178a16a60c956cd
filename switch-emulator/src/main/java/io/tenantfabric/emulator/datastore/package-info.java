/** The Comware table/row/column datastore: schema, edit-config semantics, subtree filters. */
package io.tenantfabric.emulator.datastore;
