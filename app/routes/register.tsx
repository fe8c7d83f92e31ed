import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormError } from "~/components/auth/form-error";
import { RegisterSchema } from "~/lib/auth-schemas";
import { requireAnonymous } from "~/services/auth.server";
import { handleRegister } from "~/services/login.server";
import { parseForm } from "~/lib/parse-form";
import { Field } from "~/components/forms/field";

export const meta: MetaFunction = () => [{ title: "Create an account · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), RegisterSchema);
  if (submission.status !== "success")
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await handleRegister(request, submission.value);
  if (result instanceof Response) return result;
  return json(submission.reply({ formErrors: [result.error], hideFields: ["password"] }), {
    status: result.status,
  });
}

export default function Register() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  return (
    <AuthLayout
      title="Create an account"
      subtitle="Start tracking your fleet in minutes."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Already have an account? Sign in
        </Anchor>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <FormError id={form.errorId} errors={form.errors} />
          <Group grow align="flex-start">
            <Field errors={fields.first_name}>
              <TextInput
                {...getInputProps(fields.first_name, { type: "text" })}
                key={fields.first_name.key}
                label="First name"
                autoComplete="given-name"
              />
            </Field>
            <Field errors={fields.last_name}>
              <TextInput
                {...getInputProps(fields.last_name, { type: "text" })}
                key={fields.last_name.key}
                label="Last name"
                autoComplete="family-name"
              />
            </Field>
          </Group>
          <Field errors={fields.email}>
            <TextInput
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              label="Email"
              autoComplete="email"
            />
          </Field>
          <Field errors={fields.mobile}>
            <TextInput
              {...getInputProps(fields.mobile, { type: "tel" })}
              key={fields.mobile.key}
              label="Mobile (optional)"
              autoComplete="tel"
            />
          </Field>
          <Field errors={fields.password}>
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              label="Password"
              autoComplete="new-password"
              description="At least 8 characters"
            />
          </Field>
          <Button type="submit" loading={navigation.state === "submitting"} fullWidth>
            Create account
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
