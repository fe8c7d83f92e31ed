import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { WikiActionData } from "../schemas";
import type { wikiPage } from "../wiki.server";
import { WikiBreadcrumbs } from "./wiki-breadcrumbs";
import { WikiFiles } from "./wiki-files";
import { WikiItemActions } from "./wiki-item-actions";
import { WikiNameForm } from "./wiki-name-form";
import { WikiPageEditor, WikiPageList, WikiPageView } from "./wiki-pages";

export type WikiData = SerializeFrom<typeof wikiPage>;

/** Links to the wiki's items (categories of the tag, folders of a category), with a count. */
function ItemLinks({
  testId,
  empty,
  items,
}: {
  testId: string;
  empty: string;
  items: { id: number; name: string; href: string; count: string }[];
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {items.length === 0 ? <Text c="dimmed">{empty}</Text> : null}
      {items.map((x) => (
        <Paper key={x.id} withBorder p="xs">
          <Group justify="space-between">
            <Anchor component={Link} to={x.href}>
              {x.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {x.count}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The tag's wiki: the categories, one category's folders, one folder's pages and files, one page. */
export function WikiView({ d, a }: { d: WikiData; a?: WikiActionData }) {
  const r = d.rights;
  const base = `/dashboard/insight-tags/${d.tag.uuid}`;
  const title = d.page
    ? d.page.title
    : d.folder
      ? d.folder.name
      : d.category
        ? d.category.name
        : `Wiki of ${d.tag.name}`;
  return (
    <Stack gap="md" maw={1000}>
      <WikiBreadcrumbs crumbs={d.crumbs} />
      <Title order={1}>{d.editing && !d.page ? "New page" : title}</Title>

      {!d.category ? (
        <>
          <ItemLinks
            testId="wiki-categories"
            empty="No categories yet."
            items={d.categories.map((c) => ({
              id: c.id,
              name: c.name,
              href: `${base}/wiki?category=${c.id}`,
              count: `${c.folders} folders`,
            }))}
          />
          {r.wiki_create_category ? (
            <WikiNameForm
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
          <ItemLinks
            testId="wiki-folders"
            empty="No folders yet."
            items={d.folders.map((f) => ({
              id: f.id,
              name: f.name,
              href: `${base}/wiki?folder=${f.id}`,
              count: `${f.pages} pages · ${f.files} files`,
            }))}
          />
          {r.wiki_create_folder ? (
            <WikiNameForm
              intent="create-folder"
              label="New folder"
              submit="Create folder"
              fields={{ categoryId: d.category.id }}
              a={a}
            />
          ) : null}
          <WikiItemActions
            kind="category"
            item={d.category}
            canRename={r.wiki_edit_category}
            canDelete={r.wiki_delete_category}
            a={a}
          />
        </>
      ) : null}

      {d.folder && d.editing ? (
        <WikiPageEditor base={base} folderId={d.folder.id} page={d.page} a={a} />
      ) : d.page ? (
        <WikiPageView
          base={base}
          page={d.page}
          canEdit={r.wiki_upload}
          canDelete={r.wiki_delete}
          a={a}
        />
      ) : d.folder ? (
        <>
          <Title order={2} size="h3">
            Pages
          </Title>
          <WikiPageList base={base} pages={d.pages} />
          {r.wiki_upload ? (
            <Group>
              <Button component={Link} to={`${base}/wiki?folder=${d.folder.id}&new=page`}>
                New page
              </Button>
            </Group>
          ) : null}
          <Title order={2} size="h3">
            Files
          </Title>
          <WikiFiles
            base={base}
            folderId={d.folder.id}
            files={d.files}
            canUpload={r.wiki_upload}
            canDelete={r.wiki_delete}
            limitText={d.limitText}
            a={a}
          />
          <WikiItemActions
            kind="folder"
            item={d.folder}
            canRename={r.wiki_edit_folder}
            canDelete={r.wiki_delete}
            a={a}
          />
          <Text size="sm" c="dimmed" data-testid="wiki-help">
            Writing and editing pages needs the same permission as uploading files; deleting a page,
            a file or the folder needs the delete permission. Company administrators set them per
            user under Wiki permissions.
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
