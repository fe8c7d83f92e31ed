/** SPEC §2.10/§6: company 112 sees its own logo; everyone else the Tracksmith logo. */
export const COMPANY_LOGOS: Record<number, { src: string; alt: string }> = {
  112: { src: "/logos/company-112.svg", alt: "Company 112 logo" },
};

export function logoFor(companyid: number | null | undefined) {
  return (companyid != null && COMPANY_LOGOS[companyid]) || { src: "/logo.svg", alt: "Tracksmith" };
}

export function Brand({ companyid }: { companyid: number | null | undefined }) {
  const logo = logoFor(companyid);
  return <img src={logo.src} alt={logo.alt} height={36} style={{ display: "block" }} data-testid="brand-logo" />;
}
