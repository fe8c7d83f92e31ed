import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import type { Tiles } from "~/lib/map-tiles";
import { Field, FormMessage, type FormReply } from "./fields";
import { JobsiteFence } from "./jobsite-fence";

/** Add or edit a jobsite: name, address, active, the geofence on the map, two contacts. */
export function JobsiteForm({
  intent,
  initial,
  reply,
  tiles,
  submitLabel,
  action,
}: {
  /** Where it posts (the add-jobsite page posts to /admin/jobsite/new). */
  action?: string;
  intent: "create" | "update";
  initial: Record<string, string>;
  reply?: FormReply;
  tiles: Tiles;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const v = (k: string) => reply?.values?.[k] ?? initial[k] ?? "";
  const contact = (p: "primary" | "secondary", title: string) => (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">
        <Field name={`${p}_name`} label="Name" reply={reply} initial={initial[`${p}_name`]} />
        <Field
          name={`${p}_phone`}
          label="Phone"
          type="tel"
          reply={reply}
          initial={initial[`${p}_phone`]}
        />
        <Field
          name={`${p}_email`}
          label="Email"
          type="email"
          reply={reply}
          initial={initial[`${p}_email`]}
        />
      </Stack>
    </Paper>
  );
  return (
    <Form method="post" action={action} noValidate data-testid="jobsite-form">
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        <FormMessage reply={reply} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Field name="name" label="Name" reply={reply} initial={initial.name} />
          <Field name="address" label="Address" reply={reply} initial={initial.address} />
        </SimpleGrid>
        <Checkbox
          key={v("active")}
          name="active"
          label="Active: shown on the map and offered for timesheets"
          defaultChecked={v("active") === "on"}
        />
        <JobsiteFence initial={initial} reply={reply} tiles={tiles} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {contact("primary", "Primary contact")}
          {contact("secondary", "Secondary contact")}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
