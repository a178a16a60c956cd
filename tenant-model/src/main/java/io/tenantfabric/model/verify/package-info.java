/**
 * The isolation verifier: from what each switch runs (its observed config and the parser's
 * anomalies) and the intent at the generation it applied, whether any tenant can reach another.
 * Pure, deterministic and linear in ports plus segments; see docs/model.md section 7.
 */
package io.tenantfabric.model.verify;
