import { Drawer } from "@mantine/core";
import { SettingsPanel } from "~/components/settings/settings-panel";

export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title="Display settings"
      size="sm"
      closeButtonProps={{ "aria-label": "Close the display settings" }}
    >
      <SettingsPanel />
    </Drawer>
  );
}
