/** SPEC §2.10/§6: company 112 sees its own logo; everyone else the Tracksmith logo. */
export const COMPANY_LOGOS: Record<number, { src: string; alt: string }> = {
  112: { src: "/logos/company-112.svg", alt: "Company 112 logo" },
};

export function logoFor(companyid: number | null | undefined) {
  return (companyid != null && COMPANY_LOGOS[companyid]) || { src: "/logo.svg", alt: "Tracksmith" };
}

export function Brand({
  companyid,
  onDark = false,
}: {
  companyid: number | null | undefined;
  onDark?: boolean;
}) {
  const logo = logoFor(companyid);
  // Company logos are drawn for light backgrounds: on the dark theme they sit on a light tile.
  const tile = onDark ? { background: "#f8f9fa", borderRadius: 8, padding: "2px 6px" } : {};
  return (
    <img
      src={logo.src}
      alt={logo.alt}
      height={36}
      style={{ display: "block", ...tile }}
      data-testid="brand-logo"
    />
  );
}
