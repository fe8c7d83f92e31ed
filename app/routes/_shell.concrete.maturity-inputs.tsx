import { Alert, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { maturityInputsPage, removeMaturityInput } from "~/modules/concrete/mix.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Maturity inputs · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await maturityInputsPage(ctx)), can: ctx.can });
}

type ActionData = { confirmFor?: number; refused?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    delete: async (form) => {
      const id = Number(form.get("id"));
      if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
      if (form.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeMaturityInput(ctx, id);
      if (!r.ok) return json<ActionData>({ refused: r.errors.form }, { status: 409 });
      return redirectWithToast("/concrete/maturity-inputs", {
        type: "success",
        description: "Strength result deleted.",
      });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["inputs"][number];
const col = createColumnHelper<Row>();

/** Maturity inputs (SPEC §2.4 maturity-inputs): strength results of cylinders and cores. */
export default function MaturityInputs() {
  const { inputs, timeZone, can } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const columns = [
    col.accessor("tested_at", {
      header: "Tested",
      cell: ({ getValue }) => formatZoned(Date.parse(getValue()), timeZone),
      meta: { nowrap: true },
    }),
    col.accessor("specimen", {
      header: "Specimen",
      cell: ({ getValue }) => (
        <Badge variant="light" color={getValue() === "core" ? "orange" : "blue"} miw="fit-content">
          {getValue() === "core" ? "Core" : "Cylinder"}
        </Badge>
      ),
    }),
    col.accessor("label", { header: "Label" }),
    col.display({
      id: "of",
      header: "Mix design / pour",
      cell: ({ row: { original: i } }) =>
        [i.mix, i.pour_id ? `Pour ${i.pour_id}` : null].filter(Boolean).join(" · "),
    }),
    col.accessor("age_h", {
      header: "Age",
      cell: ({ getValue }) => `${getValue()} h`,
      meta: { align: "right", nowrap: true },
    }),
    col.accessor("strength_mpa", {
      header: "Strength",
      cell: ({ getValue }) => `${getValue()} MPa`,
      meta: { align: "right", nowrap: true },
    }),
    col.accessor("maturity_index", {
      header: "Maturity index",
      cell: ({ getValue }) => getValue() ?? "—",
      meta: { align: "right" },
    }),
    ...(can.delete
      ? [
          col.display({
            id: "actions",
            header: "Actions",
            cell: ({ row: { original: i } }) => (
              <ConfirmForm
                fields={{ intent: "delete", id: i.id }}
                confirming={act?.confirmFor === i.id}
                label="Delete"
                question="Delete this result?"
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
        <div>
          <Title order={1} size="h2">
            Maturity inputs
          </Title>
          <Text c="dimmed" size="sm">
            Cylinder and core breaks that calibrate a mix or check a pour's predicted strength.
          </Text>
        </div>
        <Button component={Link} to="/concrete/maturity-input">
          Add a result or calculate maturity
        </Button>
      </Group>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted">
          {act.refused}
        </Alert>
      ) : null}
      <DataTable
        data={inputs}
        columns={columns}
        getRowId={(i) => String(i.id)}
        label="Strength results"
        testId="maturity-inputs"
        minWidth={900}
        empty="No strength results yet."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
