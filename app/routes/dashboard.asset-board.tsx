import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { assetBoardPage, moveAssetCard } from "~/modules/maintenance/boards.server";
import { Board, BoardFilters } from "~/modules/maintenance/components/board";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Asset board · Tracksmith" }];
const PAGE = "/dashboard/asset-board";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  return json({ ...(await assetBoardPage(ctx, new URL(request.url))), can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  // Back to the board as it was filtered (a form posts to the page's own address).
  const back = `${PAGE}${new URL(request.url).search}`;
  return switchIntent(await request.formData(), {
    move: async (f) => {
      const r = await moveAssetCard(ctx, String(f.get("id") ?? ""), String(f.get("to") ?? ""));
      if (r.ok)
        return redirectWithToast(back, {
          type: "success",
          description: `${r.title} moved to ${r.to}.`,
        });
      return redirectWithToast(back, { type: "error", description: r.message });
    },
  });
}

export default function AssetBoard() {
  const { columns, can, ...filters } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Asset board</Title>
        <Text c="dimmed" size="sm">
          Vehicles and assets by state. Drag a card, or use its Move to menu.
        </Text>
      </div>
      <BoardFilters {...filters} />
      {can.move ? null : (
        <RequiresPermission allowed={false} rule={CAN.manageMaintenance} what="Moving cards" />
      )}
      <Board id="asset-board" columns={columns} movable={can.move} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
