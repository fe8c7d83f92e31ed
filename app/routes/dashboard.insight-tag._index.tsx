import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { registerAction, registerPage } from "~/modules/insight-tags/tags.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Register an insight tag · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(registerPage(await requireModule(request, "insight-tags")));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return registerAction(ctx, await request.formData());
}

/** Register a tag: the uuid printed on its label, or one generated here (then print its QR code). */
export default function RegisterInsightTag() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const errors = (a && "errors" in a ? a.errors : undefined) ?? {};
  const values = (a && "values" in a ? a.values : undefined) ?? {};
  return (
    <Stack gap="md" maw={700}>
      <Title order={1}>Register an insight tag</Title>
      {!d.canRegister ? (
        <Alert color="gray">You may look at insight tags but not register them.</Alert>
      ) : (
        <Paper withBorder p="md" data-testid="register-insight-tag">
          <Form method="post" key={JSON.stringify(values)}>
            <input type="hidden" name="intent" value="register" />
            <Stack gap="xs">
              <TextInput
                label="UUID from the label"
                description="32 hexadecimal digits, dashes optional. Leave empty to generate one and print its QR code."
                name="uuid"
                defaultValue={values.uuid ?? ""}
                error={errors.uuid}
              />
              <TextInput
                label="Name"
                name="name"
                defaultValue={values.name ?? ""}
                error={errors.name}
                required
              />
              <Textarea
                label="Asset description"
                name="description"
                defaultValue={values.description ?? ""}
                error={errors.description}
              />
              <NativeSelect
                label="Kind"
                name="kind"
                defaultValue={values.kind ?? "gps"}
                error={errors.kind}
                data={[
                  { value: "gps", label: "GPS tag" },
                  { value: "label", label: "QR/NFC label" },
                ]}
              />
              <TextInput
                label="Owner contact (shown on the public page if chosen)"
                name="ownerContact"
                defaultValue={values.ownerContact ?? ""}
                error={errors.ownerContact}
              />
              {errors.form ? <Text c="red">{errors.form}</Text> : null}
              <Group>
                <Button type="submit">Register tag</Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
