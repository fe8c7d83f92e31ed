import { Anchor, Button, Group, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { idParam } from "~/modules/concrete/pours.server";
import { linksPage, removeLink } from "~/modules/concrete/sensors.server";
import { canAt, requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Pour sensors · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const id = idParam(params.id);
  const canLink = canAt(ctx, `/concrete/pour-device-link/${id}`).link;
  return json({ ...(await linksPage(ctx, id)), can: ctx.can, canLink });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    unlink: async (form) => {
      const id = idParam(params.id);
      const imei = String(form.get("imei") ?? "");
      if (form.get("confirm") !== "yes") return json({ confirmFor: imei });
      await removeLink(ctx, id, imei);
      return redirectWithToast(`/concrete/pour-device-links/${id}`, {
        type: "success",
        description: "Sensor unlinked.",
      });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["links"][number];
const col = createColumnHelper<Row>();

/** A pour's sensors (concrete/pour-device-links/{id}). */
export default function PourLinks() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const columns = [
    col.accessor("nickname", {
      header: "Sensor",
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={`/concrete/pour-device-link/${d.pour.id}/${l.imei}`}>
          {l.nickname}
        </Anchor>
      ),
    }),
    col.accessor("imei", { header: "IMEI" }),
    col.accessor("position", { header: "Position" }),
    col.accessor("depth_mm", { header: "Depth (mm)" }),
    col.accessor("from", {
      header: "From",
      cell: ({ getValue }) => formatZoned(getValue(), d.timeZone),
    }),
    col.accessor("to", {
      header: "To",
      cell: ({ getValue }) => (getValue() ? formatZoned(getValue(), d.timeZone) : "open"),
    }),
    ...(d.can.unlink
      ? [
          col.display({
            id: "unlink",
            header: "Unlink",
            cell: ({ row: { original: l } }) => (
              <ConfirmForm
                fields={{ intent: "unlink", imei: l.imei }}
                confirming={act?.confirmFor === l.imei}
                label="Unlink"
                question={`Unlink ${l.nickname}?`}
                confirmLabel="Yes, unlink"
                busy={busy}
              />
            ),
          }),
        ]
      : []),
  ];
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <PageHead title={`Sensors in ${d.pour.element}`}>
          Where each probe sits in the element and when it is monitored.{" "}
          <Anchor component={Link} to={`/concrete/view-pour/${d.pour.id}`}>
            Back to the pour
          </Anchor>
        </PageHead>
        {d.canLink ? (
          <Button component={Link} to={`/concrete/pour-device-link/${d.pour.id}`}>
            Link a sensor
          </Button>
        ) : null}
      </Group>
      <DataTable
        data={d.links}
        columns={columns}
        getRowId={(l) => String(l.id)}
        label="Linked sensors"
        testId="pour-links"
        minWidth={860}
        empty="No sensors linked yet."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
