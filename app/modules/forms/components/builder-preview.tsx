import { Paper, Stack, Text, Title } from "@mantine/core";
import type { DraftContent } from "../fields/draft";
import { FieldInput } from "./field-input";

/** The saved draft as a person filling it in would see it (nothing here is sent). */
export function BuilderPreview({ draft }: { draft: DraftContent }) {
  const none = new Map<string, string[]>();
  return (
    <Paper withBorder p="md" data-testid="builder-preview">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Preview
        </Title>
        <Text fw={600}>{draft.title}</Text>
        {draft.fields.map((f) =>
          f.type === "group" ? (
            <Paper key={f.id} withBorder p="sm">
              <Text fw={600}>{f.label}</Text>
              <Stack gap="xs">
                {(f.fields ?? []).map((c) => (
                  <FieldInput
                    key={c.id}
                    field={c}
                    name={`preview.${f.id}.${c.id}`}
                    values={none}
                    vehicles={[]}
                  />
                ))}
                <Text size="sm" c="dimmed">
                  Add another {f.label.toLowerCase()}
                </Text>
              </Stack>
            </Paper>
          ) : (
            <div key={f.id}>
              <FieldInput field={f} name={`preview.${f.id}`} values={none} vehicles={[]} />
              {f.visible_if ? (
                <Text size="xs" c="dimmed">
                  Shown only when its condition is met.
                </Text>
              ) : null}
            </div>
          ),
        )}
      </Stack>
    </Paper>
  );
}
