import { Alert, Anchor, Button, Group, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDifference, formatTemperature, temperatureUnitFor } from "~/modules/concrete/curing";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { limitsPage, removeLimit } from "~/modules/concrete/limits.server";
import { idParam } from "~/modules/concrete/pours.server";
import { canAt, requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { measurementOf } from "~/services/measurement.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Mass concrete limits · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({
    ...(await limitsPage(ctx)),
    can: ctx.can,
    canAdd: canAt(ctx, "/concrete/mass-concrete-limit").save,
    unit: temperatureUnitFor(measurementOf(request)),
  });
}

type ActionData = { confirmFor?: number; refused?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    delete: async (form) => {
      const id = idParam(String(form.get("id") ?? ""));
      if (form.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeLimit(ctx, id);
      if (!r.ok) return json<ActionData>({ refused: r.message }, { status: 409 });
      return redirectWithToast("/concrete/mass-concrete-limits", {
        type: "success",
        description: "Limit set deleted.",
      });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();

/** Mass-concrete limit sets (SPEC §2.4). */
export default function Limits() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const columns = [
    col.accessor("name", {
      header: "Limit set",
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={`/concrete/mass-concrete-limit/${l.id}`}>
          {l.name}
        </Anchor>
      ),
    }),
    col.accessor("max_temp_c", {
      header: "Maximum",
      cell: ({ getValue }) => formatTemperature(getValue(), d.unit),
    }),
    col.accessor("min_temp_c", {
      header: "Minimum",
      cell: ({ getValue }) => formatTemperature(getValue(), d.unit),
    }),
    col.accessor("max_diff_c", {
      header: "Core–surface",
      cell: ({ getValue }) => formatDifference(getValue(), d.unit),
    }),
    col.accessor("max_cooling_c_per_h", {
      header: "Cooling",
      cell: ({ getValue }) => `${formatDifference(getValue(), d.unit)}/h`,
    }),
    col.accessor("pours", { header: "Pours" }),
    col.display({
      id: "rule",
      header: "Rule",
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={l.rule ? `/concrete/rule/${l.id}` : "/concrete/rule"}>
          {l.rule ? "Edit rule" : "Add rule"}
        </Anchor>
      ),
    }),
    ...(d.can.delete
      ? [
          col.display({
            id: "delete",
            header: "Delete",
            cell: ({ row: { original: l } }) => (
              <ConfirmForm
                fields={{ intent: "delete", id: l.id }}
                confirming={act?.confirmFor === l.id}
                label="Delete"
                question={`Delete ${l.name}?`}
                confirmLabel="Yes, delete"
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
        <PageHead title="Mass concrete limits">
          Temperature limits pours are checked against: maximum and minimum temperature,
          core–surface difference and cooling rate.
        </PageHead>
        {d.canAdd ? (
          <Button component={Link} to="/concrete/mass-concrete-limit">
            New limit set
          </Button>
        ) : null}
      </Group>
      {act?.refused ? (
        <Alert color="red" role="alert">
          {act.refused}
        </Alert>
      ) : null}
      <DataTable
        data={d.rows}
        columns={columns}
        getRowId={(l) => String(l.id)}
        label="Limit sets"
        testId="limits"
        minWidth={900}
        empty="No limit sets yet."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
