import { describe, expect, it } from "vitest";
import { currentErrors } from "./logbook-add-form";

describe("add a trip: messages after editing (issue 38)", () => {
  const result = {
    error: "A trip with the same start and end time already exists, so this one was not saved.",
    fieldErrors: {
      end_odometer: "The end reading must not be below the start reading",
      description: "Say what the trip was for",
    },
  };

  it("shows the server's messages until something is changed", () => {
    expect(currentErrors(result, new Set())).toEqual({
      error: result.error,
      fieldErrors: result.fieldErrors,
    });
  });

  it("drops the odometer message once either reading is edited, keeps the others", () => {
    for (const field of ["start_odometer", "end_odometer"]) {
      expect(currentErrors(result, new Set([field]))).toEqual({
        error: undefined,
        fieldErrors: { description: "Say what the trip was for" },
      });
    }
  });
});
