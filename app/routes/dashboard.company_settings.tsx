import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { CompanyFeaturesSchema, featureLabel, KNOWN_FEATURES } from "~/modules/account/schemas";
import { loadCompanyFeatures, saveCompanyFeatures } from "~/modules/account/account.server";
import { requireModule } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Company · Tracksmith" }];

const PATH = "/dashboard/company_settings";

/** Admins only (edit_permissions, the menu's rule): others get 403, not the data. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = (await requireModule(request, "admin")).session;
  const { features, source } = await loadCompanyFeatures(auth);
  const rows = KNOWN_FEATURES.map((name) => ({
    name,
    state: features[name] === false ? "off" : features[name] === true ? "on" : "default",
  }));
  return json({
    companyid: auth.user.companyid,
    rows,
    source,
  });
}

type ActionData = { error: string | null; confirm: { off: string[]; on: string[] } | null };

export async function action({ request }: ActionFunctionArgs) {
  // The company is always the session's: nothing posted can name another one.
  const auth = (await requireModule(request, "admin")).session;
  const submission = parseForm(await request.formData(), CompanyFeaturesSchema);
  // Only a forged form names a feature outside the list: one message for the whole form.
  if (submission.status !== "success")
    return json<ActionData>(
      { error: "Choose features from the list.", confirm: null },
      { status: 400 },
    );
  const { features, confirm } = submission.value;
  const result = await saveCompanyFeatures(request, auth, features, confirm === "yes");
  if (result.ok === "confirm")
    return json<ActionData>({ error: null, confirm: { off: result.off, on: result.on } });
  if (result.ok)
    return redirectWithToast(
      PATH,
      { type: "success", description: "The company's features have been saved." },
      result.setCookie ? { headers: { "Set-Cookie": result.setCookie } } : undefined,
    );
  return json<ActionData>(
    { error: result.formErrors.join(" "), confirm: null },
    { status: result.status },
  );
}

const LABELS: Record<string, string> = { on: "On", off: "Off", default: "On (default)" };

function ConfirmTurnOff({ off, on, busy }: { off: string[]; on: string[]; busy: boolean }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="Turn these features off?"
      data-testid="confirm-turn-off"
    >
      <Stack gap="sm">
        <Text size="sm">
          {off.map(featureLabel).join(", ")} will be hidden from the menu, and{" "}
          {off.length === 1 ? "its" : "their"} pages refused, for everyone in your company. The data
          stays, and you can turn {off.length === 1 ? "it" : "them"} back on here.
        </Text>
        <Form method="post">
          {on.map((f) => (
            <input key={f} type="hidden" name="features" value={f} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <Group>
            <Button type="submit" color="red" loading={busy} autoFocus>
              Turn off
            </Button>
            <Button component={Link} to={PATH} variant="default">
              Cancel
            </Button>
          </Group>
        </Form>
      </Stack>
    </Alert>
  );
}

export default function CompanySettings() {
  const { companyid, rows, source } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Company</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Features
            </Title>
            <Text size="sm" c="dimmed">
              Company {companyid}
            </Text>
          </Group>
          <Text size="sm">
            A feature that is off hides its menu entries and pages for everyone in the company. A
            feature without a setting is on.
          </Text>
          {data?.error ? (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {data.error}
            </Alert>
          ) : null}
          {source === "session" ? (
            <Alert variant="light" color="yellow">
              The tracking service did not answer; this is the state from when you signed in, and
              saving may fail.
            </Alert>
          ) : null}
          {data?.confirm ? (
            <ConfirmTurnOff off={data.confirm.off} on={data.confirm.on} busy={busy} />
          ) : (
            <Form method="post" data-testid="company-features">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {rows.map((r) => (
                    <Group key={r.name} justify="space-between" wrap="nowrap" gap="xs">
                      <Checkbox
                        name="features"
                        value={r.name}
                        defaultChecked={r.state !== "off"}
                        label={featureLabel(r.name)}
                        data-testid={`feature-${r.name}`}
                      />
                      <Badge color={r.state === "off" ? "gray" : "teal"} variant="light" size="sm">
                        {LABELS[r.state]}
                      </Badge>
                    </Group>
                  ))}
                </SimpleGrid>
                <Group>
                  <Button type="submit" loading={busy}>
                    Save features
                  </Button>
                </Group>
              </Stack>
            </Form>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Sessions
          </Title>
          <Text size="sm">
            See who is signed in and sign a user out everywhere:{" "}
            <Anchor component={Link} to="/dashboard/sessions">
              Active sessions
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
