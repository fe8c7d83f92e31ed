import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LocalTime } from "~/components/local-time";
import { WIKI_FILE_ACCEPT } from "~/modules/insight-tags/rules";
import { wikiAction, wikiPage } from "~/modules/insight-tags/wiki.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Insight tag wiki · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return json(await wikiPage(ctx, params.uuid ?? "", new URL(request.url)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return wikiAction(ctx, params.uuid ?? "", await request.formData());
}

type ActionData = { intent: string; errors?: Record<string, string>; confirmFor?: string };

function NameForm({
  intent,
  label,
  submit,
  fields = {},
  defaultValue = "",
  a,
}: {
  intent: string;
  label: string;
  submit: string;
  fields?: Record<string, string | number>;
  defaultValue?: string;
  a?: ActionData;
}) {
  return (
    <Form method="post" data-testid={`form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Group align="flex-end" gap="xs">
        <TextInput
          label={label}
          name="name"
          defaultValue={defaultValue}
          error={a?.intent === intent ? a.errors?.name : undefined}
        />
        <Button type="submit" variant="default">
          {submit}
        </Button>
      </Group>
    </Form>
  );
}

export default function Wiki() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const r = d.rights;
  const base = `/dashboard/insight-tags/${d.tag.uuid}`;
  const confirming = (intent: string, id: number) => a?.confirmFor === `${intent}:${id}`;
  return (
    <Stack gap="md" maw={1000}>
      <Breadcrumbs aria-label="Breadcrumbs" data-testid="wiki-breadcrumbs" separator="›">
        {d.crumbs.map((c, i) =>
          i === d.crumbs.length - 1 ? (
            <Text key={c.href} aria-current="page">
              {c.title}
            </Text>
          ) : (
            <Anchor key={c.href} component={Link} to={c.href}>
              {c.title}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <Title order={1}>
        {d.folder ? d.folder.name : d.category ? d.category.name : `Wiki of ${d.tag.name}`}
      </Title>

      {!d.category ? (
        <>
          <Stack gap="xs" data-testid="wiki-categories">
            {d.categories.length === 0 ? <Text c="dimmed">No categories yet.</Text> : null}
            {d.categories.map((c) => (
              <Paper key={c.id} withBorder p="xs">
                <Group justify="space-between">
                  <Anchor component={Link} to={`${base}/wiki?category=${c.id}`}>
                    {c.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {c.folders} folders
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
          {r.wiki_create_category ? (
            <NameForm
              intent="create-category"
              label="New category"
              submit="Create category"
              a={a}
            />
          ) : null}
        </>
      ) : null}

      {d.category && !d.folder ? (
        <>
          <Stack gap="xs" data-testid="wiki-folders">
            {d.folders.length === 0 ? <Text c="dimmed">No folders yet.</Text> : null}
            {d.folders.map((f) => (
              <Paper key={f.id} withBorder p="xs">
                <Group justify="space-between">
                  <Anchor component={Link} to={`${base}/wiki?folder=${f.id}`}>
                    {f.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {f.files} files
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
          {r.wiki_create_folder ? (
            <NameForm
              intent="create-folder"
              label="New folder"
              submit="Create folder"
              fields={{ categoryId: d.category.id }}
              a={a}
            />
          ) : null}
          <Group align="flex-end">
            {r.wiki_edit_category ? (
              <NameForm
                intent="rename-category"
                label="Category name"
                submit="Rename category"
                fields={{ id: d.category.id }}
                defaultValue={d.category.name}
                a={a}
              />
            ) : null}
            {r.wiki_delete_category ? (
              <ConfirmForm
                fields={{ intent: "delete-category", id: d.category.id }}
                confirming={confirming("delete-category", d.category.id)}
                label="Delete category"
                question="Delete the category with its folders and files?"
                confirmLabel="Yes, delete"
              />
            ) : null}
          </Group>
        </>
      ) : null}

      {d.folder ? (
        <>
          {d.files.length === 0 ? (
            <Text c="dimmed">No files yet.</Text>
          ) : (
            <Table data-testid="wiki-files" aria-label="Files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.files.map((f) => {
                  const href = `${base}/wiki/files/${f.id}`;
                  return (
                    <Table.Tr key={f.id} data-file={f.name}>
                      <Table.Td>
                        <Stack gap={4}>
                          {f.content_type.startsWith("image/") ? (
                            <Image src={href} alt={`Preview of ${f.name}`} maw={160} radius="sm" />
                          ) : null}
                          {f.preview ? (
                            <Anchor href={href} target="_blank">
                              {f.name}
                            </Anchor>
                          ) : (
                            <Text>{f.name}</Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>{f.sizeText}</Table.Td>
                      <Table.Td>
                        <LocalTime at={f.uploaded_at} /> · {f.uploaded_by}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Anchor href={`${href}?download=1`} download>
                            Download <VisuallyHidden component="span">{f.name}</VisuallyHidden>
                          </Anchor>
                          {r.wiki_delete ? (
                            <ConfirmForm
                              fields={{ intent: "delete-file", id: f.id }}
                              confirming={confirming("delete-file", f.id)}
                              label={`Delete ${f.name}`}
                              question="Delete this file?"
                              confirmLabel="Yes, delete"
                            />
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {r.wiki_upload ? (
            <Paper withBorder p="md">
              <Form
                method="post"
                action={`${base}/wiki/upload?folder=${d.folder.id}`}
                encType="multipart/form-data"
                reloadDocument
                data-testid="wiki-upload"
              >
                <Stack gap="xs">
                  <label htmlFor="wiki-file">
                    <Text fw={600}>Upload a file (drop it on the field or choose one)</Text>
                  </label>
                  <input
                    id="wiki-file"
                    type="file"
                    name="file"
                    accept={WIKI_FILE_ACCEPT}
                    required
                  />
                  <Text size="sm" c="dimmed">
                    At most {d.limitText}: PDF, images, text, CSV, Word, Excel, OpenDocument or ZIP.
                  </Text>
                  <Group>
                    <Button type="submit">Upload</Button>
                  </Group>
                </Stack>
              </Form>
            </Paper>
          ) : null}
          <Group align="flex-end">
            {r.wiki_edit_folder ? (
              <NameForm
                intent="rename-folder"
                label="Folder name"
                submit="Rename folder"
                fields={{ id: d.folder.id }}
                defaultValue={d.folder.name}
                a={a}
              />
            ) : null}
            {r.wiki_delete ? (
              <ConfirmForm
                fields={{ intent: "delete-folder", id: d.folder.id }}
                confirming={confirming("delete-folder", d.folder.id)}
                label="Delete folder"
                question="Delete the folder and its files?"
                confirmLabel="Yes, delete"
              />
            ) : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
