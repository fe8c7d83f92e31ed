import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EvaporationCalculator } from "~/modules/concrete/components/evaporation-calculator";
import { fieldsOf, parseEvaporationCalc, type Fields } from "~/modules/concrete/mix-form";
import { evaporationLimitsPage, removeEvaporationLimit } from "~/modules/concrete/mix.server";
import { canAt, requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Evaporation limits · Tracksmith" }];
const PAGE = "/concrete/evaporation-limits";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({
    ...(await evaporationLimitsPage(ctx)),
    can: ctx.can,
    canAdd: canAt(ctx, "/concrete/evaporation-limit").create,
  });
}

type ActionData = {
  calc?: { values: Fields; errors: Fields };
  confirmFor?: number;
  refused?: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    // The page shows the answer from the posted fields (the same maths as in the browser).
    calculate: (form) => {
      const values = fieldsOf(form);
      const r = parseEvaporationCalc(values);
      return json<ActionData>(
        { calc: { values, errors: r.ok ? {} : r.errors } },
        { status: r.ok ? 200 : 400 },
      );
    },
    delete: async (form) => {
      const id = Number(form.get("id"));
      if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
      if (form.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeEvaporationLimit(ctx, id);
      if (!r.ok) return json<ActionData>({ refused: r.errors.form }, { status: 409 });
      return redirectWithToast(PAGE, { type: "success", description: "Limit deleted." });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["limits"][number];
const col = createColumnHelper<Row>();

/** Evaporation limits (SPEC §2.4 evaporation-limits) and the evaporation calculator. */
export default function EvaporationLimits() {
  const { limits, can, canAdd } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const columns = [
    col.accessor("name", {
      header: "Limit",
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={`/concrete/evaporation-limit?id=${l.id}`}>
          {l.name}
        </Anchor>
      ),
    }),
    col.accessor("threshold_kg_m2_h", {
      header: "Threshold",
      cell: ({ getValue }) => `${getValue()} kg/m²/h`,
      meta: { align: "right", nowrap: true },
    }),
    col.accessor("low_bleed", {
      header: "Mixes",
      cell: ({ getValue }) => (
        <Badge variant="light" color={getValue() ? "grape" : "gray"} miw="fit-content">
          {getValue() ? "Low bleed" : "Ordinary"}
        </Badge>
      ),
    }),
    col.accessor("notes", { header: "Notes" }),
    ...(can.delete
      ? [
          col.display({
            id: "actions",
            header: "Actions",
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
        <div>
          <Title order={1} size="h2">
            Evaporation limits
          </Title>
          <Text c="dimmed" size="sm">
            Above its limit a fresh surface dries faster than it bleeds and plastic shrinkage cracks
            follow (ACI 305R: 1.0 kg/m²/h; 0.5 for low-bleed mixes).
          </Text>
        </div>
        {canAdd ? (
          <Button component={Link} to="/concrete/evaporation-limit">
            New limit
          </Button>
        ) : null}
      </Group>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted">
          {act.refused}
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataTable
            data={limits}
            columns={columns}
            getRowId={(l) => String(l.id)}
            label="Evaporation limits"
            testId="evaporation-limits"
            minWidth={600}
            empty="No limits yet: the calculator uses 1.0 kg/m²/h."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <EvaporationCalculator
            key={act?.calc ? JSON.stringify(act.calc.values) : "calc"}
            limits={limits}
            values={act?.calc?.values ?? {}}
            errors={act?.calc?.errors ?? {}}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
