import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  TypographyStylesProvider,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { CompanyTime } from "~/components/company-time";
import { pageSchema, type WikiActionData } from "../schemas";
import { Field } from "~/components/forms/field";

type PageEntry = { id: number; title: string; updated_at: string; updated_by: string };

/** The pages of a folder, each a link to its rendered text. */
export function WikiPageList({ base, pages }: { base: string; pages: PageEntry[] }) {
  return (
    <Stack gap="xs" data-testid="wiki-pages">
      {pages.length === 0 ? <Text c="dimmed">No pages yet.</Text> : null}
      {pages.map((p) => (
        <Paper key={p.id} withBorder p="xs">
          <Group justify="space-between">
            <Anchor component={Link} to={`${base}/wiki?page=${p.id}`}>
              {p.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              <CompanyTime at={p.updated_at} kind="datetime" /> · {p.updated_by}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A page's text. The HTML comes from the server's Markdown renderer (wiki-pages.server.ts, the
 * docs' one), which escapes raw HTML and drops unsafe link schemes: a page cannot run script.
 */
export function WikiPageView({
  base,
  page,
  canEdit,
  canDelete,
  a,
}: {
  base: string;
  page: PageEntry & { html: string };
  canEdit: boolean;
  canDelete: boolean;
  a?: WikiActionData;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Last edited <CompanyTime at={page.updated_at} kind="datetime" /> by {page.updated_by}
      </Text>
      <Paper withBorder p="md">
        <TypographyStylesProvider>
          <article data-testid="wiki-page-body" dangerouslySetInnerHTML={{ __html: page.html }} />
        </TypographyStylesProvider>
      </Paper>
      <Group>
        {canEdit ? (
          <Button component={Link} to={`${base}/wiki?page=${page.id}&edit=1`} variant="default">
            Edit page
          </Button>
        ) : null}
        {canDelete ? (
          <ConfirmForm
            fields={{ intent: "delete-page", id: page.id }}
            confirming={a?.confirmFor === `delete-page:${page.id}`}
            label="Delete page"
            question="Delete this page?"
            confirmLabel="Yes, delete"
          />
        ) : null}
      </Group>
    </Stack>
  );
}

/** Write a new page in a folder, or edit (and rename) one: title and Markdown text. */
export function WikiPageEditor({
  base,
  folderId,
  page,
  a,
}: {
  base: string;
  folderId: number;
  page: { id: number; title: string; body: string } | null;
  a?: WikiActionData;
}) {
  const intent = page ? "edit-page" : "create-page";
  const mine = a?.intent === intent && (a.id ?? 0) === (page?.id ?? 0);
  const [form, f] = useForm({
    id: `wiki-${intent}-${page?.id ?? 0}`,
    lastResult: mine ? a?.reply : undefined,
    defaultValue: { title: page?.title ?? "", body: page?.body ?? "" },
    constraint: getZodConstraint(pageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageSchema }),
  });
  const back = page ? `${base}/wiki?page=${page.id}` : `${base}/wiki?folder=${folderId}`;
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="wiki-page-editor">
        <input type="hidden" name="intent" value={intent} />
        {page ? (
          <input type="hidden" name="id" value={page.id} />
        ) : (
          <input type="hidden" name="folderId" value={folderId} />
        )}
        <Stack gap="xs">
          <Field errors={f.title}>
            <TextInput
              {...getInputProps(f.title, { type: "text" })}
              key={f.title.key}
              label="Title"
            />
          </Field>
          <Field errors={f.body}>
            <Textarea
              {...getTextareaProps(f.body)}
              key={f.body.key}
              label="Text"
              description="Markdown: # headings, **bold**, *italic*, - lists, [links](https://…). HTML is shown as typed, not run."
              autosize
              minRows={8}
              maxRows={30}
            />
          </Field>
          <Group>
            <Button type="submit">{page ? "Save page" : "Create page"}</Button>
            <Anchor component={Link} to={back}>
              Cancel
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
