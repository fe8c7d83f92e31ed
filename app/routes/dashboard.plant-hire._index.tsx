import { Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { CompanyDay } from "~/components/company-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { HireFormCard } from "~/modules/operations/components/hire-form";
import { HireSchema } from "~/modules/operations/hire-form";
import { STATE_LABELS, percent } from "~/modules/operations/hire-labels";
import { plantHirePage, saveHireContract } from "~/modules/operations/plant-hire.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Plant hire · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json(await plantHirePage(ctx));
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string | null };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const submission = parseForm(form, HireSchema);
      if (submission.status !== "success")
        return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
      const r = await saveHireContract(ctx, null, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { result: submission.reply(), message: r.message },
          { status: 400 },
        );
      return redirectWithToast(`/dashboard/plant-hire/${r.value.id}`, {
        type: "success",
        description: "Hire contract created.",
      });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["contracts"][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor("asset", {
    header: "Asset",
    cell: ({ row: { original: c } }) => (
      <Anchor component={Link} to={`/dashboard/plant-hire/${c.id}`}>
        {c.asset}
      </Anchor>
    ),
  }),
  col.display({
    id: "party",
    header: "From / to",
    cell: ({ row: { original: c } }) =>
      c.direction === "in" ? `In from ${c.supplier ?? "?"}` : `Out to ${c.customer}`,
  }),
  col.display({
    id: "dates",
    header: "Hire",
    cell: ({ row: { original: c } }) => (
      <>
        <CompanyDay day={c.on_hire} /> to <CompanyDay day={c.off_hire} />
      </>
    ),
  }),
  col.accessor("state", {
    header: "State",
    cell: ({ getValue }) => (
      <Badge variant="light" color={STATE_LABELS[getValue()].color} miw="fit-content">
        {STATE_LABELS[getValue()].label}
      </Badge>
    ),
  }),
  col.display({
    id: "hours",
    header: "Utilisation",
    cell: ({ row: { original: c } }) => percent(c.utilisation.hours_ratio),
  }),
  col.accessor("charge", {
    header: "Charge so far",
    cell: ({ getValue }) => getValue().toFixed(2),
  }),
];

/** Plant hire (SPEC §2.3): hired-in and hired-out plant, utilisation and overstay warnings. */
export default function PlantHire() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Plant hire
          </Title>
          <Text c="dimmed" size="sm">
            Plant hired in and out, how much it is used and what it has cost so far (today is{" "}
            <CompanyDay day={data.today} />
            ).
          </Text>
        </div>
        <Button component={Link} to="/dashboard/plant-hire/report" variant="light">
          Hire report
        </Button>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <DataTable
            data={data.contracts}
            columns={columns}
            getRowId={(c) => String(c.id)}
            label="Hire contracts"
            testId="hire-contracts"
            minWidth={820}
            empty="No hire contracts yet."
          />
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <HireFormCard
              editing={null}
              suppliers={data.suppliers}
              assets={data.assets}
              sites={data.sites}
              result={act}
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
