import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShellLayout } from "~/components/shell/app-shell-layout";
import type { ShellData } from "~/components/shell/types";
import { shellLoader } from "~/services/shell.server";

/** The same shell for /concrete, /forms, /tickets, /timesheet, /admin, /courier and /installation (a pathless layout). */
export const loader = shellLoader;

export default function ShellLayout() {
  const data = useLoaderData<typeof loader>() as unknown as ShellData;
  return (
    <AppShellLayout data={data}>
      <Outlet />
    </AppShellLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
