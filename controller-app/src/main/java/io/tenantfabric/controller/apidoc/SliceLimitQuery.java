package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The {@code limit} of a keyset slice read newest first (operations, every allocation). */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = "At most this many, newest first",
    schema =
        @Schema(
            type = "integer",
            format = "int32",
            minimum = "1",
            maximum = ApiParameters.SIZE_MAX,
            defaultValue = "50"))
public @interface SliceLimitQuery {}
