import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { CompanyDay, CompanyTime } from "~/components/company-time";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TrackingLinksPanel } from "~/modules/operations/deliveries/components/tracking-links-panel";
import { ProofOfDelivery } from "~/modules/operations/deliveries/components/pod-view";
import { DeliveryStatusBadge } from "~/modules/operations/deliveries/components/status-badge";
import {
  assignDelivery,
  deliveryDetail,
  getDelivery,
  orNotFound,
  removeDelivery,
} from "~/modules/operations/deliveries/deliveries.server";
import { etaExplained } from "~/modules/operations/deliveries/eta";
import { Distance } from "~/components/distance";
import { useSettings } from "~/components/settings/settings-context";
import { STATUS_LABEL } from "~/modules/operations/deliveries/status";
import {
  createTrackingLink,
  revokeTrackingLink,
} from "~/modules/operations/deliveries/tracking-links.server";
import { upstream } from "~/services/api.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { tileConfig } from "~/services/map-tiles.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

const DeliveryMap = lazy(
  () => import("~/modules/operations/deliveries/components/delivery-map.client"),
);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.delivery.reference ?? "Delivery"} · Tracksmith` },
];

const idParam = (v: string | undefined) => {
  const id = Number(v);
  if (!/^\d{1,12}$/.test(v ?? "") || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const page = await deliveryDetail(ctx, idParam(params.id));
  return json({ ...page, origin: new URL(request.url).origin, tiles: tileConfig() });
}

type ActionData = { message?: string; confirmFor?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  // Read when a handler runs: an unknown intent is a 400 whatever the address says.
  const id = () => idParam(params.id);
  const page = () => `/dashboard/deliverymanagement/${id()}`;
  return switchIntent(await request.formData(), {
    assign: async (f) => {
      const imei = String(f.get("imei") ?? "") || null;
      const driver = Number(f.get("driver_id") ?? "");
      const r = await assignDelivery(
        ctx,
        id(),
        imei,
        Number.isInteger(driver) && driver > 0 ? driver : null,
      );
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast(page(), { type: "success", description: "Assignment saved." });
    },
    delete: async (f) => {
      if (f.get("confirm") !== "yes") return json<ActionData>({ confirmFor: "delete" });
      const r = await removeDelivery(ctx, id());
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast("/dashboard/deliverymanagement", {
        type: "success",
        description: "Delivery deleted.",
      });
    },
    "link-create": async (f) => {
      const d = await orNotFound(getDelivery(upstream(ctx.auth.token), id()));
      await createTrackingLink(d, ctx.companyId, ctx.user.username_id, Number(f.get("days") ?? 2));
      return redirectWithToast(page(), {
        type: "success",
        description: "Tracking link made: copy it from the list below.",
      });
    },
    "link-revoke": async (f) => {
      await orNotFound(getDelivery(upstream(ctx.auth.token), id()));
      const ok = await revokeTrackingLink(ctx.companyId, id(), String(f.get("link") ?? ""));
      if (!ok) throw new Response("Not found", { status: 404 });
      return redirectWithToast(page(), {
        type: "success",
        description: "Tracking link revoked: it now shows nothing.",
      });
    },
  });
}

/** One delivery: where it is, its live ETA, assignment, proof of delivery and tracking links. */
export default function DeliveryDetail() {
  const data = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const d = data.delivery;
  const finished = d.status === "delivered" || d.status === "failed";
  const pickup = useMemo(() => ({ ...d.pickup, label: d.pickup.address }), [d.pickup]);
  const dropoff = useMemo(() => ({ ...d.dropoff, label: d.dropoff.address }), [d.dropoff]);
  const vehicle = useMemo(
    () =>
      d.vehicle && !finished
        ? { lat: d.vehicle.lat, lng: d.vehicle.lng, label: d.vehicleName ?? d.vehicle.nickname }
        : null,
    [d.vehicle, d.vehicleName, finished],
  );
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Anchor component={Link} to={`/dashboard/deliverymanagement?date=${d.date}`} size="sm">
          ← Deliveries of <CompanyDay day={d.date} />
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1} size="h2">
            {d.reference} · {d.customer}
          </Title>
          <DeliveryStatusBadge status={d.status} />
        </Group>
      </div>
      {act?.message ? (
        <Alert color="red" role="alert" title="Not done">
          {act.message}
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder p="md">
              <Stack gap={6}>
                <Text size="sm">
                  <strong>Pickup:</strong> {d.pickup.address}
                </Text>
                <Text size="sm">
                  <strong>Drop-off:</strong> {d.dropoff.address}
                </Text>
                <Text size="sm">
                  <strong>Window:</strong> <CompanyTime at={d.window_start} kind="datetime" /> to{" "}
                  <CompanyTime at={d.window_end} kind="time" />
                </Text>
                {d.phone ? (
                  <Text size="sm">
                    <strong>Phone:</strong> {d.phone}
                  </Text>
                ) : null}
                <Text size="sm">
                  <strong>Items:</strong>{" "}
                  {d.items.map((i) => `${i.quantity} × ${i.description}`).join(", ") || "none"}
                </Text>
                {d.notes ? (
                  <Text size="sm">
                    <strong>Notes:</strong> {d.notes}
                  </Text>
                ) : null}
                <Text size="sm">
                  <strong>Vehicle and driver:</strong> {d.vehicleName ?? "No vehicle"} ·{" "}
                  {d.driver_name ?? "No driver"}
                </Text>
                <Text size="sm" data-testid="delivery-eta">
                  <strong>ETA:</strong>{" "}
                  {d.eta ? (
                    <>
                      <CompanyTime at={d.eta.at} kind="time" /> (in {d.eta.minutes} min,{" "}
                      <Distance km={d.eta.km} /> to go)
                    </>
                  ) : (
                    d.etaNote
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {etaExplained(measurement)}
                </Text>
                {d.failed_reason ? (
                  <Alert color="red" title="Not delivered">
                    {d.failed_reason}
                  </Alert>
                ) : null}
              </Stack>
            </Paper>
            {d.pod ? (
              <ProofOfDelivery pod={d.pod} time={<CompanyTime at={d.pod.at} kind="datetime" />} />
            ) : null}
            <ClientOnly fallback={null}>
              {() => (
                <Suspense fallback={null}>
                  <DeliveryMap
                    pickup={pickup}
                    dropoff={dropoff}
                    vehicle={vehicle}
                    tiles={data.tiles}
                  />
                </Suspense>
              )}
            </ClientOnly>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                History
              </Title>
              <List size="sm" data-testid="delivery-history">
                {d.events.map((e, i) => (
                  <List.Item key={i}>
                    {STATUS_LABEL[e.status]} · <CompanyTime at={e.at} kind="datetime" /> · {e.by}
                  </List.Item>
                ))}
              </List>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {data.canManage && !finished ? (
              <Paper withBorder p="md">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="assign" />
                  <Stack gap="sm">
                    <Title order={2} size="h4">
                      Assign
                    </Title>
                    <NativeSelect
                      name="imei"
                      label="Vehicle"
                      defaultValue={d.imei ?? ""}
                      data={[
                        { value: "", label: "Not assigned" },
                        ...data.vehicles.map((x) => ({ value: x.imei, label: x.name })),
                      ]}
                    />
                    <NativeSelect
                      name="driver_id"
                      label="Driver"
                      defaultValue={d.driver_id ? String(d.driver_id) : ""}
                      data={[
                        { value: "", label: "Not assigned" },
                        ...data.drivers.map((x) => ({ value: String(x.id), label: x.name })),
                      ]}
                    />
                    <Group>
                      <Button type="submit" loading={busy}>
                        Save assignment
                      </Button>
                      <Anchor
                        component={Link}
                        to={`/dashboard/deliverymanagement?date=${d.date}&edit=${d.id}`}
                        size="sm"
                      >
                        Edit the delivery
                      </Anchor>
                    </Group>
                  </Stack>
                </Form>
              </Paper>
            ) : null}
            {data.canManage && d.status === "planned" ? (
              <ConfirmForm
                fields={{ intent: "delete" }}
                confirming={act?.confirmFor === "delete"}
                label="Delete this delivery"
                question={`Delete ${d.reference}?`}
                confirmLabel="Yes, delete"
                busy={busy}
                variant="light"
                size="sm"
              />
            ) : null}
            {data.canShare ? (
              <TrackingLinksPanel links={data.links} origin={data.origin} busy={busy} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
