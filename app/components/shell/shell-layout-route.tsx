import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShellLayout } from "~/components/shell/app-shell-layout";
import type { ShellData } from "~/lib/shell";
import { CompanyZone } from "~/components/company-time";

/** The component of every layout route that wraps its pages in the shell (loader: shellLoader). */
export function ShellLayoutRoute() {
  const data = useLoaderData() as ShellData;
  return (
    <CompanyZone.Provider value={data.timeZone}>
      <AppShellLayout data={data}>
        <Outlet />
      </AppShellLayout>
    </CompanyZone.Provider>
  );
}

export function ShellErrorBoundary() {
  return <GeneralErrorBoundary />;
}
