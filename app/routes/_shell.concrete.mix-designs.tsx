import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { mixDesignsPage } from "~/modules/concrete/mix.server";
import { canAt, requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Mix designs · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({
    ...(await mixDesignsPage(ctx)),
    canAdd: canAt(ctx, "/concrete/mix-design").create,
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["mixes"][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor("name", {
    header: "Mix design",
    cell: ({ row: { original: m } }) => (
      <Anchor component={Link} to={`/concrete/mix-design/${m.id}`}>
        {m.name}
      </Anchor>
    ),
  }),
  col.accessor("supplier", { header: "Supplier" }),
  col.accessor("design_strength_mpa", {
    header: "Design strength",
    cell: ({ getValue }) => `${getValue()} MPa`,
    meta: { align: "right", nowrap: true },
  }),
  col.accessor("cement_type", { header: "Cement" }),
  col.accessor("supplementary_materials", {
    header: "SCM",
    cell: ({ row: { original: m } }) => (
      <Group gap={6} wrap="nowrap">
        <span>{m.supplementary_materials || "None"}</span>
        {m.low_bleed ? (
          <Badge variant="light" color="grape" miw="fit-content">
            Low bleed
          </Badge>
        ) : null}
      </Group>
    ),
  }),
  col.accessor("wc_ratio", { header: "w/c", meta: { align: "right" } }),
  col.accessor("slump_mm", {
    header: "Slump",
    cell: ({ getValue }) => `${getValue()} mm`,
    meta: { align: "right", nowrap: true },
  }),
  col.display({
    id: "curve",
    header: "Strength curve",
    cell: ({ row: { original: m } }) =>
      m.curve
        ? `${m.curve.kind}, R² ${m.curve.r2.toFixed(3)} (${m.points} points)`
        : m.points
          ? `${m.points} points, no fit`
          : "Not calibrated",
  }),
];

/** Mix designs (SPEC §2.4 mix-designs) with the curve each one's in-place strength is read from. */
export default function MixDesigns() {
  const { mixes, canAdd } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Mix designs
          </Title>
          <Text c="dimmed" size="sm">
            Each mix's strength–maturity curve (ASTM C1074) turns a pour's temperature history into
            its in-place strength.
          </Text>
        </div>
        <Group>
          <Button component={Link} to="/dashboard/suppliers?kind=concrete" variant="light">
            Add a supplier
          </Button>
          {canAdd ? (
            <Button component={Link} to="/concrete/mix-design">
              New mix design
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataTable
        data={mixes}
        columns={columns}
        getRowId={(m) => String(m.id)}
        label="Mix designs"
        testId="mix-designs"
        minWidth={980}
        empty="No mix designs yet."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
