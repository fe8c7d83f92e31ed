import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/auth/form-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SettingsPanel } from "~/components/settings/settings-panel";
import { isAllowed } from "~/lib/access";
import { ProfileSchema } from "~/modules/account/schemas";
import { mediaUrl } from "~/lib/media";
import { loadProfile, saveProfile } from "~/modules/account/account.server";
import { requireModule } from "~/services/guard.server";
import { parseForm } from "~/lib/parse-form";
import { redirectWithToast } from "~/services/toast.server";
import { Field } from "~/components/forms/field";

export const meta: MetaFunction = () => [{ title: "Account · Tracksmith" }];

/** The rule of /dashboard/sessions: company admins outside the restricted tsadmin menu. */
const SESSIONS_RULE = { permission: "edit_permissions", tsadmin: false } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = (await requireModule(request, "account")).session;
  const { user } = auth;
  const granted = Object.keys(user.permissions)
    .filter((p) => user.permissions[p] === true)
    .sort();
  return json({
    profile: await loadProfile(auth),
    avatar: mediaUrl(user.avatar ?? user.photo) ?? null,
    permissions: { granted, total: Object.keys(user.permissions).length },
    tsadmin: user.tsadmin,
    canManageSessions: isAllowed(user, SESSIONS_RULE),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = (await requireModule(request, "account")).session;
  const submission = parseForm(await request.formData(), ProfileSchema);
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const result = await saveProfile(request, auth, submission.value);
  if (result.ok) {
    // Post/Redirect/Get: a reload does not post again; the notice rides on the toast cookie.
    return redirectWithToast(
      "/dashboard/account",
      { type: "success", description: "Your profile has been saved." },
      result.setCookie ? { headers: { "Set-Cookie": result.setCookie } } : undefined,
    );
  }
  return json(
    submission.reply({ formErrors: result.formErrors, fieldErrors: result.fieldErrors }),
    { status: result.status },
  );
}

function initials(first: string, last: string, username: string) {
  return `${(first || username || "?")[0] ?? "?"}${last[0] ?? ""}`.toUpperCase();
}

export default function Account() {
  const { profile, avatar, permissions, tsadmin, canManageSessions } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/account");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email ?? "",
      mobile: profile.mobile ?? "",
    },
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Account</Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg">
            <Stack gap="sm" data-testid="profile">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={avatar ?? undefined}
                    alt={profile.name}
                    radius="xl"
                    size="lg"
                    color="teal"
                    data-testid="profile-avatar"
                  >
                    {initials(profile.first_name, profile.last_name, profile.username)}
                  </Avatar>
                  <div>
                    <Title order={2} size="h4">
                      {profile.name}
                    </Title>
                  </div>
                </Group>
                {profile.company_name ? (
                  <Badge variant="light">{profile.company_name}</Badge>
                ) : null}
              </Group>
              {profile.source === "session" ? (
                <Alert variant="light" color="yellow">
                  The tracking service did not answer; these are the details from when you signed
                  in, and saving may fail.
                </Alert>
              ) : null}
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
                  <TextInput
                    label="Username"
                    value={profile.username}
                    readOnly
                    description="You sign in with this; it cannot be changed."
                  />
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
                      label="Mobile"
                      description="Optional; leave empty to remove it"
                      autoComplete="tel"
                    />
                  </Field>
                  <Group>
                    <Button type="submit" loading={saving}>
                      Save profile
                    </Button>
                  </Group>
                </Stack>
              </Form>
            </Stack>
          </Card>
          <Card withBorder padding="lg" mt="lg">
            <Stack gap="xs" data-testid="access-summary">
              <Title order={2} size="h4">
                Groups and permissions
              </Title>
              <Text size="sm">
                Groups:{" "}
                {profile.groups.length ? profile.groups.map((g) => g.nickname).join(", ") : "none"}
              </Text>
              <Text size="sm">
                {permissions.granted.length} of {permissions.total} permissions granted
                {tsadmin ? "; timesheet administrator (restricted menu)" : ""}.
              </Text>
              {permissions.granted.length ? (
                <Group gap={6}>
                  {permissions.granted.map((p) => (
                    <Badge key={p} variant="light" color="gray" tt="none">
                      {p.replace(/_/g, " ")}
                    </Badge>
                  ))}
                </Group>
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
              {canManageSessions ? (
                <Text size="sm">
                  <Anchor
                    component={Link}
                    to="/dashboard/sessions"
                    data-testid="sign-out-everywhere"
                  >
                    Sign out everywhere
                  </Anchor>{" "}
                  — end every session of yourself or anyone in your company (Active sessions).
                </Text>
              ) : null}
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
