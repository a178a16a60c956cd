/** Test support shared through tenant-model's test-jar: golden files of rendered text. */
package io.tenantfabric.model.testing;
