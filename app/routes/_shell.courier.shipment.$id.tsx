import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CompanyTime } from "~/components/company-time";
import { Distance } from "~/components/distance";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import {
  QueueNote,
  useCourierQueue,
} from "~/modules/operations/deliveries/components/courier-queue";
import { ProofOfDelivery } from "~/modules/operations/deliveries/components/pod-view";
import { PodPhotoInput } from "~/modules/operations/deliveries/components/pod-photo-input";
import { SignaturePadInput } from "~/modules/operations/deliveries/components/signature-pad";
import { DeliveryStatusBadge } from "~/modules/operations/deliveries/components/status-badge";
import { moveShipment, shipmentPage } from "~/modules/operations/deliveries/courier.server";
import { FAIL_REASONS, ShipmentStatusSchema } from "~/modules/operations/deliveries/delivery-form";
import { STATUS_LABEL } from "~/modules/operations/deliveries/status";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.shipment.reference ?? "Shipment"} · Courier · Tracksmith` },
];

const ROUTE_ID = "routes/_shell.courier.shipment.$id";

const idParam = (v: string | undefined) => {
  if (!/^\d{1,12}$/.test(v ?? "")) throw new Response("Not found", { status: 404 });
  return Number(v);
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json(await shipmentPage(ctx, idParam(params.id)));
}

type ActionData = {
  status?: string;
  result?: SubmissionResult<string[]>;
  errors?: Record<string, string>;
  message?: string;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  // Read when the handler runs: an unknown intent is a 400 whatever the address says.
  const id = () => idParam(params.id);
  return switchIntent(await request.formData(), {
    status: async (form) => {
      const photo = form.get("photo");
      form.delete("photo");
      const submission = parseForm(form, ShipmentStatusSchema);
      const status = String(form.get("status") ?? "");
      if (submission.status !== "success")
        return json<ActionData>(
          { status, result: submission.reply(), errors: firstErrors(submission.reply()) },
          { status: 400 },
        );
      const r = await moveShipment(ctx, id(), submission.value, photo);
      if (!r.ok)
        return json<ActionData>(
          {
            status,
            errors: Object.fromEntries(
              Object.entries(r.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ""]),
            ),
            message: r.message,
          },
          { status: r.fieldErrors ? 400 : 409 },
        );
      const v = submission.value.status;
      return redirectWithToast(`/courier/shipment/${id()}`, {
        type: "success",
        description: `Marked as ${STATUS_LABEL[v].toLowerCase()}.`,
      });
    },
  });
}

function Hidden({ status, tag }: { status: string; tag: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="ref" value={`${tag}-${status}`} />
      <input type="hidden" name="at" defaultValue="" />
    </>
  );
}

/** Where the phone is, for the proof of delivery (left empty when the browser will not say). */
function useHere() {
  const [here, setHere] = useState<{ lat: number; lng: number } | null>(null);
  useEffect(() => {
    navigator.geolocation?.getCurrentPosition(
      (p) => setHere({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setHere(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return here;
}

/** SPEC §2.2 courier/shipment/{id}: one of the driver's shipments, its navigation and status. */
export default function Shipment() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const s = data.shipment;
  const { note, onSubmit } = useCourierQueue(data.userId, ROUTE_ID);
  const here = useHere();
  const err = (status: string, field: string) =>
    act?.status === status ? act.errors?.[field] : undefined;
  const can = (x: string) => (data.next as readonly string[]).includes(x);
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Anchor component={Link} to="/courier" size="sm">
          ← My shipments
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1} size="h2">
            {s.customer}
          </Title>
          <DeliveryStatusBadge status={s.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {s.reference}
        </Text>
      </div>
      <QueueNote note={note} />
      {act?.message ? (
        <Alert color="red" role="alert" title="Not changed">
          {act.message}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Text size="sm">
            <strong>Pickup:</strong> {s.pickup.address}
          </Text>
          <Text size="sm">
            <strong>Drop-off:</strong> {s.dropoff.address}
          </Text>
          <Text size="sm">
            <strong>Window:</strong> <CompanyTime at={s.window_start} kind="time" />–
            <CompanyTime at={s.window_end} kind="time" />
            {s.eta ? (
              <>
                {" "}
                · ETA <CompanyTime at={s.eta.at} kind="time" /> (<Distance km={s.eta.km} />)
              </>
            ) : null}
          </Text>
          <Text size="sm">
            <strong>Items:</strong>{" "}
            {s.items.map((i) => `${i.quantity} × ${i.description}`).join(", ") || "none"}
          </Text>
          {s.notes ? (
            <Text size="sm">
              <strong>Notes:</strong> {s.notes}
            </Text>
          ) : null}
          {s.phone ? (
            <Text size="sm">
              <strong>Phone:</strong>{" "}
              <Anchor href={`tel:${s.phone.replace(/\s/g, "")}`}>{s.phone}</Anchor>
            </Text>
          ) : null}
          {s.status !== "delivered" && s.status !== "failed" ? (
            <Button
              component="a"
              href={data.navigate.href}
              target="_blank"
              rel="noopener noreferrer"
              mt="xs"
              data-testid="navigate"
            >
              Navigate to the {s.status === "planned" ? "pickup" : "drop-off"}
            </Button>
          ) : null}
        </Stack>
      </Paper>

      {can("picked_up") || can("in_transit") ? (
        <Group grow>
          {(["picked_up", "in_transit"] as const).filter(can).map((st) => (
            <Form
              key={st}
              method="post"
              onSubmit={onSubmit(`${s.reference}: ${STATUS_LABEL[st]}`)}
              style={{ display: "contents" }}
            >
              <Hidden status={st} tag={data.ref} />
              <Button type="submit" size="lg" loading={busy} data-testid={`status-${st}`}>
                {STATUS_LABEL[st]}
              </Button>
            </Form>
          ))}
        </Group>
      ) : null}

      {can("delivered") ? (
        <Paper withBorder p="md">
          <Form
            method="post"
            encType="multipart/form-data"
            onSubmit={onSubmit(`${s.reference}: Delivered`)}
            data-testid="pod-form"
          >
            <Hidden status="delivered" tag={data.ref} />
            <input type="hidden" name="lat" value={here?.lat ?? ""} />
            <input type="hidden" name="lng" value={here?.lng ?? ""} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                Proof of delivery
              </Title>
              <TextInput
                name="recipient_name"
                label="Received by"
                required
                autoComplete="off"
                error={err("delivered", "recipient_name")}
              />
              <PodPhotoInput error={err("delivered", "photo")} />
              <SignaturePadInput name="signature" />
              <Text size="xs" c="dimmed" data-testid="pod-place">
                {here
                  ? `Place: ${here.lat.toFixed(5)}, ${here.lng.toFixed(5)} (from this phone).`
                  : "The place is taken from this phone when it allows it."}
              </Text>
              <Button
                type="submit"
                size="lg"
                color="teal"
                loading={busy}
                data-testid="status-delivered"
              >
                Delivered
              </Button>
            </Stack>
          </Form>
        </Paper>
      ) : null}

      {can("failed") ? (
        <Paper withBorder p="md">
          <Form method="post" onSubmit={onSubmit(`${s.reference}: Failed`)}>
            <Hidden status="failed" tag={data.ref} />
            <Stack gap="sm">
              <NativeSelect
                name="reason"
                label="Why it could not be delivered"
                data={[
                  { value: "", label: "Choose…" },
                  ...FAIL_REASONS.map((r) => ({ value: r, label: r })),
                ]}
                error={err("failed", "reason")}
              />
              <Button
                type="submit"
                color="red"
                variant="light"
                loading={busy}
                data-testid="status-failed"
              >
                Failed
              </Button>
            </Stack>
          </Form>
        </Paper>
      ) : null}

      {s.failed_reason ? (
        <Alert color="red" title="Not delivered">
          {s.failed_reason}
        </Alert>
      ) : null}
      {s.pod ? (
        <ProofOfDelivery pod={s.pod} time={<CompanyTime at={s.pod.at} kind="datetime" />} />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
