import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireModule } from "~/services/guard.server";
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useSettings } from "~/components/settings/settings-context";
import { toSpeedUnit } from "~/lib/units";
import { BrowsersList } from "~/modules/notifications/components/browsers-list";
import { FeedList } from "~/modules/notifications/components/feed-list";
import { PushSettings } from "~/modules/notifications/components/push-settings";
import { RuleForm, type RuleDefaults } from "~/modules/notifications/components/rule-form";
import { RulesList } from "~/modules/notifications/components/rules-list";
import { EVENT_KINDS } from "~/modules/notifications/alert-rule-match";
import {
  notificationsAction,
  notificationsLoader,
} from "~/modules/notifications/notifications-page.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Notifications · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return notificationsLoader(await requireModule(request, "notifications"), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "notifications");
  return notificationsAction(ctx, await request.formData());
}

const list = (v: string | string[] | undefined) =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));

export default function NotificationsPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const { measurement } = useSettings().settings;

  const vehicleNames = new Map(data.choices.vehicles.map((v) => [v.value, v.label]));
  const groupNames = new Map(data.choices.groups.map((g) => [g.value, g.label]));
  const e = data.editing;
  // A save the route wrapper refused (NotSaved) carries no values: the form keeps what was typed.
  const failed = result?.intent === "rule-save" && result.values ? result : null;
  // After a failed save the form shows what was typed; otherwise the rule being edited or a new one.
  const defaults: RuleDefaults = failed
    ? {
        id: failed.ruleId,
        name: one(failed.values.name),
        kinds: list(failed.values.kinds),
        imeis: list(failed.values.imeis),
        groupIds: list(failed.values.groupIds),
        channels: list(failed.values.channels),
        email: one(failed.values.email),
        webhookUrl: one(failed.values.webhookUrl),
        hasSecret: Boolean(
          failed.ruleId && data.rules.find((r) => r.id === failed.ruleId)?.hasSecret,
        ),
        quietStart: one(failed.values.quietStart),
        quietEnd: one(failed.values.quietEnd),
        timeZone: one(failed.values.timeZone) || data.defaultTimeZone,
        enabled: one(failed.values.enabled) === "on",
        speedLimit: one(failed.values.speedLimit),
        offlineHours: one(failed.values.offlineHours),
      }
    : e
      ? {
          id: e.id,
          name: e.name,
          kinds: e.kinds,
          imeis: e.imeis,
          groupIds: e.groupIds.map(String),
          channels: e.channels,
          email: e.email ?? "",
          webhookUrl: e.webhookUrl ?? "",
          hasSecret: e.hasSecret,
          quietStart: e.quietStart ?? "",
          quietEnd: e.quietEnd ?? "",
          timeZone: e.timeZone,
          enabled: e.enabled,
          speedLimit:
            e.speedLimitKmh === null
              ? ""
              : String(Math.round(toSpeedUnit(e.speedLimitKmh, measurement))),
          offlineHours: e.offlineHours === null ? "" : String(e.offlineHours),
        }
      : {
          id: null,
          name: "",
          kinds: [...EVENT_KINDS],
          imeis: [],
          groupIds: [],
          channels: ["inapp", "push"],
          email: "",
          webhookUrl: "",
          hasSecret: false,
          quietStart: "",
          quietEnd: "",
          timeZone: data.defaultTimeZone,
          enabled: true,
          speedLimit: "",
          offlineHours: "",
        };

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Notifications
        </Title>
        <Text c="dimmed" size="sm">
          Alerts from your devices, the rules that choose which ones reach you and how, and the
          browsers that receive push alerts.
        </Text>
      </div>
      {result?.intent === "error" ? <Alert color="red">{result.message}</Alert> : null}

      <section aria-labelledby="feed-title">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Title order={2} size="h3" id="feed-title">
              Your notifications
            </Title>
            <Badge color={data.unread ? "red" : "gray"} variant="light" data-testid="page-unread">
              {data.unread} unread
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to="?"
              size="xs"
              variant={data.unreadOnly ? "subtle" : "light"}
              aria-current={!data.unreadOnly}
            >
              All
            </Button>
            <Button
              component={Link}
              to="?filter=unread"
              size="xs"
              variant={data.unreadOnly ? "light" : "subtle"}
              aria-current={data.unreadOnly}
            >
              Unread
            </Button>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" size="xs" variant="default" disabled={!data.unread}>
                Mark all read
              </Button>
            </Form>
          </Group>
        </Group>
        {data.before ? (
          <Text size="sm" mb="xs">
            Older notifications.{" "}
            <Anchor component={Link} to={data.unreadOnly ? "?filter=unread" : "?"}>
              Back to the newest
            </Anchor>
          </Text>
        ) : null}
        <FeedList items={data.feed.items} more={data.feed.more} unreadOnly={data.unreadOnly} />
      </section>

      <section aria-labelledby="rules-title" id="rules">
        <Title order={2} size="h3" id="rules-title" mb="sm">
          Alert rules
        </Title>
        <Stack gap="md">
          <RulesList
            rules={data.rules}
            confirmFor={result?.intent === "rule-delete" ? (result.confirmFor ?? null) : null}
            testResult={result?.intent === "rule-test" && result.ok !== false ? result : null}
            vehicleName={(imei) => vehicleNames.get(imei) ?? imei}
            groupName={(id) => groupNames.get(String(id)) ?? String(id)}
            me={data.me}
          />
          {defaults.id || data.canCreateRules ? (
            <RuleForm
              key={`${defaults.id ?? "new"}-${failed ? "failed" : "clean"}`}
              defaults={defaults}
              errors={failed?.errors ?? {}}
              vehicles={data.choices.vehicles}
              groups={data.choices.groups}
              timeZones={data.timeZones}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="rules-managed">
              New alert rules are set up by those who manage alerts.
            </Text>
          )}
        </Stack>
      </section>

      <section aria-labelledby="browsers-title" id="browsers">
        <Title order={2} size="h3" id="browsers-title" mb="sm">
          Browser push
        </Title>
        <Stack gap="md">
          <PushSettings onEndpoint={setThisEndpoint} />
          <BrowsersList
            rows={data.subscriptions}
            confirmFor={result?.intent === "sub-remove" ? (result.confirmFor ?? null) : null}
            thisEndpoint={thisEndpoint}
          />
        </Stack>
      </section>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
