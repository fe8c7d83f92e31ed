import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isAllowed } from "~/lib/access";
import {
  attachReturnedCard,
  cardPageUrl,
  MANAGE_BILLING,
  subscriptionsPage,
} from "~/modules/admin/billing.server";
import { requireModule } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Payment details · Tracksmith" }];
const PAGE = "/dashboard/payment-details";

/**
 * The provider sends the browser back here with `?checkout=<id>`: the card typed on its page is
 * attached (the provider keeps the number; we get brand, last four and expiry).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const url = new URL(request.url);
  const checkout = url.searchParams.get("checkout");
  // "Add a card" is a link: it opens a checkout on the provider and sends the browser there.
  if (url.searchParams.get("add") === "1" && isAllowed(ctx.user, MANAGE_BILLING))
    return redirect(await cardPageUrl(ctx, new URL(PAGE, request.url).toString()));
  if (checkout && isAllowed(ctx.user, MANAGE_BILLING)) {
    const r = await attachReturnedCard(ctx, checkout.slice(0, 100));
    return redirectWithToast(
      PAGE,
      r.ok
        ? {
            type: "success",
            description: `${r.card.brand} ending ${r.card.last4} is now the card on file.`,
          }
        : { type: "error", description: r.message },
    );
  }
  const { card, canManage } = await subscriptionsPage(ctx);
  return json({ card, canManage });
}

/** Payment details (SPEC §2.3): the card on file, shown masked; changed on the provider's page. */
export default function PaymentDetails() {
  const { card, canManage } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1} size="h2">
          Payment details
        </Title>
        <Text c="dimmed" size="sm">
          Cards are entered on our payment provider&apos;s secure page; we never see or keep the
          card number.
        </Text>
      </div>
      <Paper withBorder p="md">
        {card ? (
          <Text data-testid="card-on-file">
            {card.brand} ending <strong>{card.last4}</strong>, expires{" "}
            {String(card.exp_month).padStart(2, "0")}/{card.exp_year}
          </Text>
        ) : (
          <Alert color="orange" role="status">
            No card on file.
          </Alert>
        )}
        {canManage ? (
          <Button component="a" href={`${PAGE}?add=1`} mt="md">
            {card ? "Replace card" : "Add a card"}
          </Button>
        ) : null}
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
