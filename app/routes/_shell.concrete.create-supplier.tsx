import { Alert, Button, Grid, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { fieldsOf, type Fields } from "~/modules/concrete/mix-form";
import { removeSupplier, saveSupplier, suppliersPage } from "~/modules/concrete/mix.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Create supplier · Tracksmith" }];
const PAGE = "/concrete/create-supplier";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json(await suppliersPage(ctx));
}

type ActionData = {
  values?: Fields;
  errors?: Fields;
  confirmFor?: number;
  refused?: { id: number; message: string };
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const values = fieldsOf(form);
      const r = await saveSupplier(ctx, values);
      if (!r.ok) return json<ActionData>({ values, errors: r.errors }, { status: 400 });
      return redirectWithToast(PAGE, {
        type: "success",
        description: `Supplier ${r.row.name} added.`,
      });
    },
    delete: async (form) => {
      const id = idOf(form);
      if (form.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeSupplier(ctx, id);
      if (!r.ok)
        return json<ActionData>(
          { refused: { id, message: r.errors.form ?? "Not deleted" } },
          { status: 409 },
        );
      return redirectWithToast(PAGE, { type: "success", description: "Supplier deleted." });
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["suppliers"][number];
const col = createColumnHelper<Row>();

/** Concrete suppliers (SPEC §2.4 create-supplier): add one; the list shows who supplies what. */
export default function CreateSupplier() {
  const { suppliers } = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const v = act?.values ?? {};
  const e = act?.errors ?? {};
  const field = (name: string, label: string, type = "text", required = false) => (
    <TextInput
      name={name}
      label={label}
      type={type}
      required={required}
      defaultValue={v[name] ?? ""}
      error={e[name]}
    />
  );
  const columns = [
    col.accessor("name", { header: "Supplier" }),
    col.accessor("contact_name", { header: "Contact" }),
    col.accessor("phone", { header: "Phone", meta: { nowrap: true } }),
    col.accessor("email", { header: "Email" }),
    col.accessor("mixes", { header: "Mix designs", meta: { align: "right" } }),
    col.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: s } }) => (
        <ConfirmForm
          fields={{ intent: "delete", id: s.id }}
          confirming={act?.confirmFor === s.id}
          label="Delete"
          question={`Delete ${s.name}?`}
          confirmLabel="Yes, delete"
          busy={busy}
        />
      ),
    }),
  ];
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Create supplier
        </Title>
        <Text c="dimmed" size="sm">
          The ready-mix plants your mix designs come from.
        </Text>
      </div>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted">
          {act.refused.message}.
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Form method="post" data-testid="supplier-form">
              <input type="hidden" name="intent" value="create" />
              <Stack gap="sm">
                <Title order={2} size="h4">
                  New supplier
                </Title>
                {e.form ? (
                  <Alert color="red" role="alert">
                    {e.form}
                  </Alert>
                ) : null}
                {field("name", "Name", "text", true)}
                {field("contact_name", "Contact")}
                {field("phone", "Phone", "tel")}
                {field("email", "Email", "email")}
                {field("address", "Plant address")}
                <Button type="submit" loading={busy} w="fit-content">
                  Create supplier
                </Button>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataTable
            data={suppliers}
            columns={columns}
            getRowId={(s) => String(s.id)}
            caption="Suppliers"
            testId="suppliers"
            minWidth={640}
            empty="No suppliers yet."
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
