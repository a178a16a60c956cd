package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The optional {@code Idempotency-Key} header of the operations a portal retries. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = ApiParameters.IDEMPOTENCY_KEY,
    schema =
        @Schema(
            type = "string",
            minLength = 1,
            maxLength = 255,
            pattern = ApiParameters.IDEMPOTENCY_KEY_PATTERN))
public @interface IdempotencyKeyHeader {}
