/**
 * The isolation verifier: from what each switch runs (its observed config and the parser's
 * anomalies) and the intent at the generation it applied, whether any tenant can reach another.
 * Pure, deterministic and linear in ports plus segments; rules in docs/model.md section 7, the
 * audit runs around it in docs/isolation-audit.md.
 */
package io.tenantfabric.model.verify;
