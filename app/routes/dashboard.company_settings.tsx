import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ruleForPath } from "~/lib/menu";
import { KNOWN_FEATURES, loadCompanyFeatures } from "~/services/account.server";
import { requireAccess } from "~/services/access.server";

export const meta: MetaFunction = () => [{ title: "Company · Tracksmith" }];

/** Admins only (edit_permissions, the menu's rule): others get 403, not the data. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAccess(request, ruleForPath("/dashboard/company_settings"));
  const { features, source } = await loadCompanyFeatures(auth);
  const rows = KNOWN_FEATURES.map((name) => ({ name, state: features[name] === false ? "off" : features[name] === true ? "on" : "default" }));
  return json({ companyid: auth.user.companyid, rows, source });
}

const LABELS: Record<string, string> = { on: "On", off: "Off", default: "On (default)" };

export default function CompanySettings() {
  const { companyid, rows, source } = useLoaderData<typeof loader>();
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
            A feature that is off hides its menu entries and pages for everyone in the company. A feature without a setting is on.
          </Text>
          <Alert variant="light" color="gray" title="Read-only for now">
            Switching features from here is not available yet; contact Tracksmith support to change them.
          </Alert>
          <Table striped data-testid="company-features">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Feature</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.name}>
                  <Table.Td>{r.name.replace(/_/g, " ")}</Table.Td>
                  <Table.Td>
                    <Badge color={r.state === "off" ? "gray" : "teal"} variant="light">
                      {LABELS[r.state]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {source === "session" ? (
            <Text size="xs" c="dimmed">
              The tracking service did not answer; this is the state from when you signed in.
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
