import { Button, List, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormError } from "~/components/auth/form-error";
import { requireAnonymous } from "~/services/auth.server";
import { handleDemoLogin } from "~/services/login.server";

export const meta: MetaFunction = () => [{ title: "Demo · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({});
}

/** Signing in is a state change, so it happens on POST; the page itself only explains. */
export async function action({ request }: ActionFunctionArgs) {
  const result = await handleDemoLogin(request);
  if (result instanceof Response) return result;
  return json({ error: result.error }, { status: result.status });
}

export default function Demo() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthLayout
      title="Try Tracksmith"
      subtitle="Explore a live demonstration fleet — no account needed."
    >
      <Text size="sm">The demo account shows:</Text>
      <List size="sm">
        <List.Item>vehicles moving around the city in real time</List.Item>
        <List.Item>trips, the logbook and distance reports</List.Item>
        <List.Item>geofences, notifications and scheduled reports</List.Item>
      </List>
      <Form method="post">
        <Stack gap="sm">
          <FormError errors={data?.error ? [data.error] : undefined} />
          <Button type="submit" loading={navigation.state === "submitting"} fullWidth>
            Enter the demo
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
