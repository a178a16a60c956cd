package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The {@code page} of a paged list. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = ApiParameters.PAGE,
    schema =
        @Schema(
            type = "integer",
            format = "int32",
            minimum = "0",
            maximum = ApiParameters.PAGE_MAX,
            defaultValue = "0"))
public @interface PageQuery {}
