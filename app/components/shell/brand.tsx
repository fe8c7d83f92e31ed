import { useSettings } from "~/components/settings/settings-context";

export type CompanyLogo = {
  src: string;
  alt: string;
  /** Drawn for dark backgrounds (light lettering). */ darkSrc?: string;
};

/** SPEC §2.10/§6: company 112 sees its own logo; everyone else the Tracksmith logo. */
export const COMPANY_LOGOS: Record<number, CompanyLogo> = {
  112: {
    src: "/logos/company-112.svg",
    darkSrc: "/logos/company-112-dark.svg",
    alt: "Company 112 logo",
  },
};

const TRACKSMITH: CompanyLogo = { src: "/logo.svg", darkSrc: "/logo-dark.svg", alt: "Tracksmith" };

export function logoFor(companyid: number | null | undefined): CompanyLogo {
  return (companyid != null && COMPANY_LOGOS[companyid]) || TRACKSMITH;
}

/** The logo in the theme's lettering: its dark version on the dark theme. */
export function Brand({ companyid, height = 36 }: { companyid?: number | null; height?: number }) {
  const { settings } = useSettings();
  const logo = logoFor(companyid);
  const dark = settings.theme === "DARK";
  // A company logo without a dark version is drawn for light backgrounds: it keeps a light tile.
  const tile =
    dark && !logo.darkSrc ? { background: "#f8f9fa", borderRadius: 8, padding: "2px 6px" } : {};
  return (
    <img
      src={dark && logo.darkSrc ? logo.darkSrc : logo.src}
      alt={logo.alt}
      height={height}
      style={{ display: "block", maxWidth: "100%", ...tile }}
      data-testid="brand-logo"
    />
  );
}
