import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmissionsTable } from "~/modules/forms/components/submissions-table";
import { reviewPage } from "~/modules/forms/submissions.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Review Forms · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json(await reviewPage(ctx, new URL(request.url)));
}

export default function Review() {
  const { rows, filters, options } = useLoaderData<typeof loader>();
  const any = (label: string) => [{ value: "", label }];
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Review Forms
        </Title>
        <Text c="dimmed" size="sm">
          Submitted forms waiting for review. Open one to approve it or send it back with a comment.
        </Text>
      </div>
      <Paper withBorder p="sm">
        <Form method="get" role="search">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <NativeSelect
              label="Status"
              name="status"
              defaultValue={filters.status}
              data={[
                { value: "submitted", label: "Waiting for review" },
                { value: "sent_back", label: "Sent back" },
                { value: "approved", label: "Approved" },
              ]}
            />
            <NativeSelect
              label="Form"
              name="form"
              defaultValue={filters.form ? String(filters.form) : ""}
              data={[...any("Any form"), ...options.forms]}
            />
            <NativeSelect
              label="Person"
              name="person"
              defaultValue={filters.person ? String(filters.person) : ""}
              data={[...any("Anyone"), ...options.people]}
            />
            <NativeSelect
              label="Vehicle"
              name="vehicle"
              defaultValue={filters.vehicle ?? ""}
              data={[...any("Any vehicle"), ...options.vehicles]}
            />
            <TextInput label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
            <TextInput label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
            <Checkbox
              label="Flagged answers only"
              name="flagged"
              value="1"
              defaultChecked={filters.flagged}
              mb={8}
            />
            <Button type="submit">Apply</Button>
          </Group>
        </Form>
      </Paper>
      <SubmissionsTable
        rows={rows}
        empty="Nothing matches: no form is waiting with these filters."
        testId="forms-review"
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
