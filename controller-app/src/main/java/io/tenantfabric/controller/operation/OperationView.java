package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A fabric operation as the API shows it: its kind and state, the step it is at (the step it failed
 * at once FAILED, DONE once done), what it waits for now, its error (exactly when FAILED), the
 * switches it holds while open, what was asked (without secrets), who asked, and when.
 */
@Schema(
    name = "FabricOperation",
    description = "A long change of the fabric, run step by step by the provisioning leader")
public record OperationView(
    UUID id,
    @Schema(
            description =
                "REPLACE (a switch replaced), GROWTH (the fabric grown step by step), NIC_SPEED (a"
                    + " server moved between 200G and 400G); more may come",
            allowableValues = {"REPLACE", "GROWTH", "NIC_SPEED"})
        String kind,
    @Schema(
            description =
                "RUNNING (the controller works on it), WAITING (a step waits for something"
                    + " outside the controller, such as a switch that does not answer), DONE,"
                    + " FAILED (see error; a new operation is needed), CANCELLED, PLANNED (stored,"
                    + " not started); more may come",
            allowableValues = {"PLANNED", "RUNNING", "WAITING", "DONE", "FAILED", "CANCELLED"})
        String state,
    @Schema(
            maxLength = 64,
            description =
                "The step it is at: for a replace IDENTITY, DAY0, CABLING, PUSH, AUDIT, then DONE;"
                    + " for a growth STEP_1 .. STEP_n (see growth.steps); for a NIC speed change"
                    + " UNCONFIGURE, SPLIT or JOIN, MODEL, PUSH, VERIFY, UNCORDON; then DONE; the"
                    + " step it failed or was cancelled at when FAILED or CANCELLED")
        String step,
    @ArraySchema(
            arraySchema = @Schema(description = "What the step waits for now, in words"),
            schema = @Schema(maxLength = ReplaceTransition.MAX_WAITING_TEXT),
            maxItems = ReplaceTransition.MAX_WAITING)
        List<String> waitingFor,
    @Schema(
            nullable = true,
            maxLength = ReplaceMachine.MAX_ERROR,
            description = "Why it failed, naming what was found; null unless FAILED")
        String error,
    @ArraySchema(
            arraySchema =
                @Schema(description = "The switches it concerns; held against others while open"),
            schema = @Schema(maxLength = 31),
            maxItems = 4096)
        List<String> switches,
    @Schema(
            nullable = true,
            description = "What a replace asked for (a password is never shown); null for others")
        ReplaceTarget request,
    @Schema(nullable = true, description = "A growth's plan and steps; null for other kinds")
        GrowthPlanView growth,
    @Schema(
            nullable = true,
            description =
                "What a NIC speed change asked for: the server, its speed and ports; null for"
                    + " other kinds")
        NicSpeedTarget nicSpeed,
    @Schema(maxLength = 128, description = "Who asked: the role and token id, ROLE:token")
        String actor,
    Instant createdAt,
    Instant updatedAt,
    @Schema(nullable = true, description = "When it ended; null while open") Instant finishedAt) {}
