import { AppShell } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { SettingsDrawer } from "~/components/settings/settings-drawer";
import { useSettings } from "~/components/settings/settings-context";
import { SideMenu } from "~/components/shell/side-menu";
import { TopBar } from "~/components/shell/top-bar";
import type { ShellData } from "~/lib/shell";
import { matchPattern } from "~/lib/menu";
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH, TOP_BAR_HEIGHT } from "~/lib/theme";
import { KeptCopyNotice } from "~/components/kept-copy-notice";
import { UpstreamLossNotice } from "~/components/upstream-loss-notice";

/**
 * The authenticated frame (SPEC §2.10): top bar 64 high, side menu 280 wide or ~80 collapsed.
 * Outside device pages the collapse follows the user's saved choice; on device pages the menu
 * collapses automatically (the user may still open it for that visit).
 */
export function AppShellLayout({ data, children }: { data: ShellData; children: ReactNode }) {
  const { pathname } = useLocation();
  const { settings, update } = useSettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const onDevicePage = data.devicePaths.some((p) => matchPattern(p, pathname));
  const [deviceCollapsed, setDeviceCollapsed] = useState(true);

  useEffect(() => {
    setDeviceCollapsed(true);
    mobile.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const collapsed = onDevicePage ? deviceCollapsed : settings.navCollapsed;
  const setCollapsed = (value: boolean) =>
    onDevicePage ? setDeviceCollapsed(value) : update({ navCollapsed: value });

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{
        width: collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH,
        breakpoint: "sm",
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          user={data.user}
          mobileOpened={mobileOpened}
          onToggleMobile={mobile.toggle}
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed(!collapsed)}
          onOpenSettings={settingsDrawer.open}
        />
      </AppShell.Header>
      <AppShell.Navbar data-testid="side-nav" data-collapsed={collapsed ? "true" : "false"}>
        <SideMenu
          menu={data.menu}
          collapsed={collapsed && !mobileOpened}
          onExpand={() => setCollapsed(false)}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <UpstreamLossNotice loss={data.upstreamLoss} />
        <KeptCopyNotice />
        {children}
      </AppShell.Main>
      <SettingsDrawer opened={settingsOpened} onClose={settingsDrawer.close} />
    </AppShell>
  );
}
