import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormError } from "~/components/auth/form-error";
import { LoginSchema } from "~/lib/auth-schemas";
import { requireAnonymous } from "~/services/auth.server";
import { handleLogin } from "~/services/login.server";
import { parseForm } from "~/lib/parse-form";
import { Field } from "~/components/forms/field";

export const meta: MetaFunction = () => [{ title: "Sign in · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, LoginSchema);
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await handleLogin(
    request,
    submission.value,
    String((context as { clientAddress?: string }).clientAddress ?? "unknown"),
  );
  if (result instanceof Response) return result;
  return json(submission.reply({ formErrors: [result.error], hideFields: ["password"] }), {
    status: result.status,
  });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to see your fleet."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to="/register" size="sm">
            Create an account
          </Anchor>
          <Anchor component={Link} to="/demo" size="sm">
            Try the demo
          </Anchor>
        </Group>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field errors={fields.username}>
            <TextInput
              {...getInputProps(fields.username, { type: "text" })}
              key={fields.username.key}
              label="Username"
              autoComplete="username"
              autoFocus
            />
          </Field>
          <Field errors={fields.password}>
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              label="Password"
              autoComplete="current-password"
            />
          </Field>
          <Button type="submit" loading={navigation.state === "submitting"} fullWidth>
            Sign in
          </Button>
          <Text size="xs" c="dimmed">
            Forgotten your password? Ask your administrator for a recovery link.
          </Text>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
