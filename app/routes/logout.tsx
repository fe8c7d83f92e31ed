import { Button, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
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
  return handleLogout(request);
}

export default function Logout() {
  return (
    <AuthLayout title="Sign out" subtitle="You will need your password to sign in again.">
      <Form method="post">
        <Stack>
          <Text size="sm">Sign out of Tracksmith on this browser?</Text>
          <Button type="submit" color="red">
            Logout
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
