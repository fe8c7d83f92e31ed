import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { getUser } from "~/services/auth.server";
import { handleLogout } from "~/services/login.server";

export const meta: MetaFunction = () => [{ title: "Sign out · Tracksmith" }];

/** GET never signs out (no state change on GET); it offers the button. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect("/login");
  return json({ name: user.name });
}

export async function action({ request }: ActionFunctionArgs) {
  const out = await handleLogout(request);
  if (out instanceof Response) return out;
  // The shell's menu posts here with fetch and shows this as the error snackbar (SPEC §8).
  return json({ error: out.error }, { status: out.status });
}

export default function Logout() {
  const failed = useActionData<typeof action>();
  return (
    <AuthLayout title="Sign out" subtitle="You will need your password to sign in again.">
      <Form method="post">
        <Stack>
          {failed && "error" in failed ? (
            <Alert color="red" title="Logout" role="alert">
              {failed.error}
            </Alert>
          ) : null}
          <Text size="sm">Sign out of Tracksmith on this browser?</Text>
          <Button type="submit" color="red">
            Logout
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
