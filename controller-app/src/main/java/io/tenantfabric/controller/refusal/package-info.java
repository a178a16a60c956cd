/**
 * Refusals: why a use case will not do what it was asked, named in the domain's terms; the web
 * layer alone turns them into HTTP problems.
 */
package io.tenantfabric.controller.refusal;
