import {
  Alert,
  Button,
  Container,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LocalTime } from "~/components/local-time";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius } from "~/lib/units";
import { contactAction, publicPage } from "~/modules/insight-tags/public.server";
import { getFormProps, useForm } from "@conform-to/react";
import { Field } from "~/components/forms/field";
import { replyIn, typedValue, useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [
  { title: "Insight tag · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.1 insight-tag/{uuid}: public; only the company's chosen fields; unknown or retired 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  return json(await publicPage(params.uuid ?? ""), {
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const address = String((context as { clientAddress?: string }).clientAddress ?? "unknown");
  return contactAction(params.uuid ?? "", await request.formData(), address);
}

export default function PublicInsightTag() {
  const { tag } = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const a = useActionResult<typeof action>();
  // Checked by the server (and the browser's required, as before); the wrapper's NotSaved (a
  // control character) is the form's own error.
  const [form, f] = useForm({
    id: "contact",
    lastResult: replyIn(a),
  });
  const typed = (k: string) => typedValue(a?.result, k, "").slice(0, 2000);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} data-testid="public-tag-name">
          {tag.name ?? "Insight tag"}
        </Title>
        <Stack gap={4} data-testid="public-tag-fields">
          {tag.description !== undefined ? (
            <Text data-field="description">{tag.description}</Text>
          ) : null}
          {tag.owner_contact !== undefined ? (
            <Text data-field="owner_contact">Owner: {tag.owner_contact ?? "—"}</Text>
          ) : null}
          {tag.battery !== undefined ? (
            <Text data-field="battery">
              Battery: {tag.battery === null ? "—" : `${tag.battery}%`}
            </Text>
          ) : null}
          {tag.last_seen !== undefined ? (
            <Text data-field="last_seen">
              Last seen: {tag.last_seen ? <LocalTime at={tag.last_seen} /> : "—"}
            </Text>
          ) : null}
          {tag.position !== undefined ? (
            <Text data-field="position">
              Position:{" "}
              {tag.position
                ? `${tag.position.lat.toFixed(5)}, ${tag.position.lng.toFixed(5)}`
                : "—"}
            </Text>
          ) : null}
          {tag.readings !== undefined && tag.readings.length ? (
            <Text data-field="readings">
              Latest temperature:{" "}
              {formatCelsius(tag.readings[tag.readings.length - 1]!.temperature, measurement)}
            </Text>
          ) : null}
        </Stack>
        <Paper withBorder p="md">
          <Title order={2} size="h3">
            Report a problem or contact the owner
          </Title>
          {a?.sent ? (
            <Alert color="green" mt="sm" data-testid="contact-sent">
              Thank you: your message was sent to the owner.
            </Alert>
          ) : (
            <Form
              method="post"
              {...getFormProps(form)}
              noValidate={false}
              data-testid="contact-form"
            >
              <Stack gap="xs" mt="sm">
                <Field errors={f.name}>
                  <TextInput label="Your name" name="name" defaultValue={typed("name")} />
                </Field>
                <Field errors={f.email}>
                  <TextInput
                    label="Your e-mail (optional, for an answer)"
                    name="email"
                    type="email"
                    defaultValue={typed("email")}
                  />
                </Field>
                <Field errors={f.message}>
                  <Textarea
                    label="Message"
                    name="message"
                    required
                    defaultValue={typed("message")}
                  />
                </Field>
                {form.errors?.length ? (
                  <Alert color="red" role="alert">
                    {form.errors[0]}
                  </Alert>
                ) : null}
                <Button type="submit">Send</Button>
              </Stack>
            </Form>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
