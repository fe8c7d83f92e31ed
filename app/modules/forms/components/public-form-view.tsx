import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { CompanyLogo } from "~/components/shell/brand";
import { useSettings } from "~/components/settings/settings-context";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { FormError } from "~/components/auth/form-error";
import { LocalTime } from "~/components/local-time";
import { answersSchema } from "../form-answers";
import type { PublicForm } from "../public-form";
import { FormQuestion } from "./form-question";

type PublicCompany = { name: string | null; logo: CompanyLogo | null };

/** Whose form this is: the company's own logo when it has one, and its name. */
function CompanyHeader({ company }: { company: PublicCompany }) {
  const { settings } = useSettings();
  const { logo, name } = company;
  if (!logo && !name) return null;
  return (
    <Group gap="sm" data-testid="public-form-company">
      {logo ? (
        <img
          src={settings.theme === "DARK" && logo.darkSrc ? logo.darkSrc : logo.src}
          alt={logo.alt}
          height={40}
          style={{ display: "block", maxWidth: "100%" }}
        />
      ) : null}
      {name ? (
        <Text fw={600} size="lg">
          {name}
        </Text>
      ) : null}
    </Group>
  );
}

/** A form filled in through a fill-in link: no shell, nothing but the link's snapshot of the form. */
export function PublicFormView({
  form: publicForm,
  expiresAt,
  company,
  lastResult,
}: {
  form: PublicForm;
  expiresAt: string;
  company: PublicCompany;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = useMemo(() => answersSchema(publicForm), [publicForm]);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "answers",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <CompanyHeader company={company} />
        <div>
          <Title order={1} size="h2" data-testid="public-form-title">
            {publicForm.title}
          </Title>
          {publicForm.description ? <Text c="dimmed">{publicForm.description}</Text> : null}
        </div>
        <Paper withBorder p="lg">
          <Form method="post" {...getFormProps(form)} data-testid="public-form">
            <Stack gap="md">
              <FormError id={form.errorId} errors={form.errors} />
              {publicForm.fields.map((f) => (
                <FormQuestion key={f.id} field={f} meta={fields[f.id]!} />
              ))}
              <Text size="xs" c="dimmed">
                Questions marked * need an answer.
              </Text>
              <div>
                <Button type="submit" loading={busy}>
                  Send answers
                </Button>
              </div>
            </Stack>
          </Form>
        </Paper>
        <Text size="xs" c="dimmed">
          Your answers go to the organisation that gave you this link. The link works until{" "}
          <LocalTime at={expiresAt} />.
        </Text>
      </Stack>
    </Container>
  );
}

/** Unknown, expired and revoked links all end here, with the same words. */
export function FormLinkInvalid() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid="form-link-invalid">
        <Text c="dimmed" fw={700} size="xl">
          404
        </Text>
        <Title order={1}>This link is not valid or has expired</Title>
        <Text>Ask whoever gave you the link for a new one.</Text>
      </Stack>
    </Container>
  );
}
