import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  ScrollArea,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FieldError } from "~/components/forms/field";
import { typedValue, useActionResult } from "~/lib/action-result";
import { EditorPage } from "~/modules/maintenance/components/editor-page";
import { saveEditorForm } from "~/modules/maintenance/editor-actions.server";
import { programmesPage, saveProgramme } from "~/modules/maintenance/maintenance.server";
import { ProgrammeSchema } from "~/modules/maintenance/schemas";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "Task groups · Tracksmith" }];
const PAGE = "/dashboard/task-groups";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const page = await programmesPage(ctx);
  const edit = new URL(request.url).searchParams.get("edit");
  const editing = edit === null ? null : page.programmes.find((p) => String(p.id) === edit);
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  return json({ ...page, editing, can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const save = (f: FormData, id: number | null) =>
    saveEditorForm(f, ProgrammeSchema, {
      page: PAGE,
      save: (value) => saveProgramme(ctx, id, value),
      said:
        id === null
          ? "Programme created: its vehicles now have every schedule of it."
          : "Programme saved.",
    });
  return switchIntent(await request.formData(), {
    create: (f) => save(f, null),
    update: async (f) => {
      const { programmes } = await programmesPage(ctx);
      const p = programmes.find((x) => String(x.id) === String(f.get("id")));
      if (!p) throw new Response("Not found", { status: 404 });
      return save(f, p.id);
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["programmes"][number];
const col = createColumnHelper<Row>();

export default function TaskGroups() {
  const data = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const nav = useNavigation();
  const names = new Map(data.templates.map((t) => [t.id, t.name]));
  const columns = [
    col.accessor("name", {
      header: "Programme",
      cell: ({ row: { original: p } }) => (
        <Anchor component={Link} to={`${PAGE}?edit=${p.id}`}>
          {p.name}
        </Anchor>
      ),
    }),
    col.accessor("template_ids", {
      header: "Templates",
      cell: ({ getValue }) =>
        getValue()
          .map((id) => names.get(id) ?? id)
          .join(", "),
    }),
    col.accessor("imeis", { header: "Vehicles", cell: ({ getValue }) => getValue().length }),
    col.accessor("group_ids", { header: "Groups", cell: ({ getValue }) => getValue().length }),
  ];
  const e = data.editing;
  const [form, f] = useForm({
    id: `programme-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProgrammeSchema }),
    shouldValidate: "onSubmit",
  });
  const box = (name: string, value: string | number, label: string, checked: boolean) => (
    <Checkbox
      key={`${name}-${value}`}
      name={name}
      value={value}
      label={label}
      defaultChecked={checked}
    />
  );
  return (
    <EditorPage
      title="Task groups"
      intro="Service programmes: templates applied to vehicles and whole groups at once."
      page={PAGE}
      newLabel="New programme"
      readOnly={
        data.can.create ? undefined : "You may look at the programmes, but not change them."
      }
      list={
        <DataTable
          data={data.programmes}
          columns={columns}
          getRowId={(p) => String(p.id)}
          label="Programmes"
          testId="programmes"
          empty="No programmes yet."
        />
      }
      editor={
        <Form method="post" {...getFormProps(form)} key={e?.id ?? "new"}>
          <input type="hidden" name="intent" value={e ? "update" : "create"} />
          {e ? <input type="hidden" name="id" value={e.id} /> : null}
          <Stack gap="sm">
            <Title order={2} size="h4">
              {e ? "Edit programme" : "New programme"}
            </Title>
            {result?.message ? <Alert color="red">{result.message}</Alert> : null}
            <Field errors={f.name}>
              <TextInput
                {...getInputProps(f.name, { type: "text" })}
                key={f.name.key}
                defaultValue={typedValue(result?.result, "name", e?.name ?? "")}
                label="Name"
              />
            </Field>
            <Fieldset
              legend="Templates"
              variant="unstyled"
              aria-describedby={f.template_ids.errors ? "template-errors" : undefined}
            >
              <FieldError errors={f.template_ids} id="template-errors" />
              <Stack gap={4} mt={4}>
                {data.templates.map((t) =>
                  box("template_ids", t.id, t.name, e?.template_ids.includes(t.id) ?? false),
                )}
              </Stack>
            </Fieldset>
            <Fieldset legend="Groups (every vehicle in them)" variant="unstyled">
              <Stack gap={4} mt={4}>
                {data.groups.map((g) =>
                  box("group_ids", g.id, g.nickname, e?.group_ids.includes(g.id) ?? false),
                )}
              </Stack>
            </Fieldset>
            <Fieldset legend="Vehicles and assets" variant="unstyled">
              <ScrollArea.Autosize mah={240}>
                <Stack gap={4} mt={4}>
                  {data.vehicles.map((v) =>
                    box("imeis", v.imei, v.nickname, e?.imeis.includes(v.imei) ?? false),
                  )}
                </Stack>
              </ScrollArea.Autosize>
            </Fieldset>
            <Group>
              <Button type="submit" loading={nav.state === "submitting"}>
                {e ? "Save programme" : "Create programme"}
              </Button>
            </Group>
          </Stack>
        </Form>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
