import { Alert, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SettingsPanel } from "~/components/settings/settings-panel";
import { loadProfile } from "~/services/account.server";
import { requireAccess } from "~/services/access.server";

export const meta: MetaFunction = () => [{ title: "Account · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAccess(request);
  return json({ profile: await loadProfile(auth) });
}

export default function Account() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Account</Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg">
            <Stack gap="sm" data-testid="profile">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  Profile
                </Title>
                {profile.company_name ? <Badge variant="light">{profile.company_name}</Badge> : null}
              </Group>
              {/* The upstream API has no profile-update call yet, so the form is read-only rather than pretending to save. */}
              <Alert variant="light" color="gray" title="Read-only for now">
                Changing your profile here is not available yet. Ask your administrator to update your details.
              </Alert>
              <Group grow>
                <TextInput label="First name" value={profile.first_name} readOnly />
                <TextInput label="Last name" value={profile.last_name} readOnly />
              </Group>
              <TextInput label="Username" value={profile.username} readOnly />
              <TextInput label="Email" value={profile.email ?? ""} placeholder="Not set" readOnly />
              <TextInput label="Mobile" value={profile.mobile ?? ""} placeholder="Not set" readOnly />
              <Text size="sm" c="dimmed">
                Groups: {profile.groups.length ? profile.groups.map((g) => g.nickname).join(", ") : "none"}
              </Text>
              {profile.source === "session" ? (
                <Text size="xs" c="dimmed">
                  The tracking service did not answer; these are the details from when you signed in.
                </Text>
              ) : null}
            </Stack>
          </Card>
          <Card withBorder padding="lg" mt="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                Sign out
              </Title>
              <Text size="sm">Ends this session on this device.</Text>
              <Form method="post" action="/logout">
                <Button type="submit" color="red" variant="light">
                  Logout
                </Button>
              </Form>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Settings
            </Title>
            <SettingsPanel />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
