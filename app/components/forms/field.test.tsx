import { MantineProvider, TextInput } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, FieldError, fieldMessage } from "./field";

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe("Field", () => {
  it("shows the field's messages beside the input, announced and linked to it", () => {
    const html = render(
      <Field errors={{ errors: ["Required", "Too short"] }}>
        <TextInput id="name" name="name" label="Name" />
      </Field>,
    );
    const error = /<p[^>]*id="name-error"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(error?.[1]).toBe("Required Too short");
    expect(error?.[0]).toContain('role="alert"');
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('aria-describedby="name-error"');
    expect(input).toContain('aria-invalid="true"');
  });

  it("renders the bare input when the field has no message", () => {
    for (const errors of [undefined, null, "", [], { errors: null }, { errors: [] }]) {
      const html = render(
        <Field errors={errors}>
          <TextInput id="name" name="name" label="Name" />
        </Field>,
      );
      expect(html).not.toContain('role="alert"');
      expect(html).not.toContain("aria-describedby");
    }
  });

  it("takes a message an action sent itself, or Conform's list for a row", () => {
    expect(fieldMessage("Pick a vehicle.")).toBe("Pick a vehicle.");
    expect(fieldMessage(["Not an email"])).toBe("Not an email");
    const html = render(<FieldError errors={["Choose one"]} id="templates-error" />);
    expect(html).toMatch(/id="templates-error"[^>]*role="alert"[^>]*>Choose one</);
    expect(render(<FieldError errors={undefined} id="x" />)).not.toContain('id="x"');
  });
});
