/** HTTP edge shared by every feature: RFC 9457 problems, request ids and request body limits. */
package io.tenantfabric.controller.web;
