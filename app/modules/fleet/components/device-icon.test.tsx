import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEVICE_ICONS } from "~/lib/device-types";
import { ICONS as UPSTREAM_ICONS } from "../../../../server/sim/catalog";
import { DeviceIcon, deviceIconHtml, ICON_SHAPES, PICKER_ICONS, resolveIcon } from "./device-icon";

const svgOf = (html: string) => html.match(/^<svg [^>]*data-icon="([a-z]+)"[^>]*>(.*)<\/svg>$/s);

describe("device icons", () => {
  it("offer in the picker exactly the values the upstream accepts", () => {
    expect(PICKER_ICONS.map((i) => i.value)).toEqual([...DEVICE_ICONS]);
    expect([...DEVICE_ICONS].sort()).toEqual([...UPSTREAM_ICONS].sort());
  });

  it("draw every picker value as its own SVG, as a React element and as a marker string", () => {
    for (const { value, label } of PICKER_ICONS) {
      expect(resolveIcon(value), value).toBe(value);
      const react = renderToStaticMarkup(<DeviceIcon avatar={value} />);
      const m = svgOf(react);
      expect(m, react).not.toBeNull();
      expect(m![1]).toBe(value);
      expect(m![2]).toMatch(/<(path|circle|rect) /);
      const html = deviceIconHtml(value).safeHtml;
      expect(svgOf(html)?.[1], html).toBe(value);
      expect(html).toContain('viewBox="0 0 24 24"');
      expect(label.length).toBeGreaterThan(0);
    }
  });

  it("renders the same shapes in both forms", () => {
    for (const name of Object.keys(ICON_SHAPES)) {
      const count = (s: string) => (s.match(/<(path|circle|rect) /g) ?? []).length;
      expect(count(renderToStaticMarkup(<DeviceIcon avatar={name} />))).toBe(
        count(deviceIconHtml(name).safeHtml),
      );
    }
  });

  it("maps old values (emoji, other names, any case) and unknown ones to an icon", () => {
    expect(resolveIcon("🚚")).toBe("truck");
    expect(resolveIcon("🛻")).toBe("ute");
    expect(resolveIcon("Plant")).toBe("excavator");
    expect(resolveIcon(" BUS ")).toBe("bus");
    expect(resolveIcon("pickup")).toBe("ute");
    expect(resolveIcon("constructor")).toBe("asset");
    expect(resolveIcon(null)).toBe("asset");
    expect(resolveIcon("rocket")).toBe("asset");
  });

  it("is decorative by default and named when titled", () => {
    expect(renderToStaticMarkup(<DeviceIcon avatar="car" />)).toContain('aria-hidden="true"');
    const titled = renderToStaticMarkup(<DeviceIcon avatar="car" title="Car" />);
    expect(titled).toContain('role="img"');
    expect(titled).toContain("<title>Car</title>");
    expect(titled).toContain('stroke-width="1.8"');
  });
});
