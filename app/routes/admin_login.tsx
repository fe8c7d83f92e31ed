import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormError } from "~/components/auth/form-error";
import { LoginSchema } from "~/lib/auth-schemas";
import { requireAnonymous } from "~/services/auth.server";
import { handleLogin } from "~/services/login.server";
import { parseForm } from "~/lib/parse-form";
import { Field } from "~/components/forms/field";

export const meta: MetaFunction = () => [{ title: "Administrator sign in · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), LoginSchema);
  if (submission.status !== "success")
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await handleLogin(
    request,
    {
      ...submission.value,
      redirectTo: submission.value.redirectTo || "/dashboard/company_settings",
    },
    String((context as { clientAddress?: string }).clientAddress ?? "unknown"),
    { adminOnly: true },
  );
  if (result instanceof Response) return result;
  return json(submission.reply({ formErrors: [result.error], hideFields: ["password"] }), {
    status: result.status,
  });
}

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  return (
    <AuthLayout
      title="Administrator sign in"
      subtitle="For company administrators: permissions, people and company settings."
    >
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormError id={form.errorId} errors={form.errors} />
          <Field errors={fields.username}>
            <TextInput
              {...getInputProps(fields.username, { type: "text" })}
              key={fields.username.key}
              label="Username"
              autoComplete="username"
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
        </Stack>
      </Form>
    </AuthLayout>
  );
}
