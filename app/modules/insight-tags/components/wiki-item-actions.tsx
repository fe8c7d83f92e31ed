import { Group } from "@mantine/core";
import { ConfirmForm } from "~/components/confirm-form";
import type { WikiActionData } from "../schemas";
import { WikiNameForm } from "./wiki-name-form";

const WORDS = {
  category: {
    title: "Category",
    question: "Delete the category with its folders, files and pages?",
  },
  folder: { title: "Folder", question: "Delete the folder with its files and pages?" },
} as const;

/**
 * Rename and delete (confirmed) a category or a folder: one component for both, each form shown
 * only when the user holds its wiki permission (the server refuses it anyway).
 */
export function WikiItemActions({
  kind,
  item,
  canRename,
  canDelete,
  a,
}: {
  kind: "category" | "folder";
  item: { id: number; name: string };
  canRename: boolean;
  canDelete: boolean;
  a?: WikiActionData;
}) {
  const w = WORDS[kind];
  const del = `delete-${kind}`;
  return (
    <Group align="flex-end">
      {canRename ? (
        <WikiNameForm
          intent={`rename-${kind}`}
          label={`${w.title} name`}
          submit={`Rename ${kind}`}
          fields={{ id: item.id }}
          defaultValue={item.name}
          a={a}
        />
      ) : null}
      {canDelete ? (
        <ConfirmForm
          fields={{ intent: del, id: item.id }}
          confirming={a?.confirmFor === `${del}:${item.id}`}
          label={`Delete ${kind}`}
          question={w.question}
          confirmLabel="Yes, delete"
        />
      ) : null}
    </Group>
  );
}
