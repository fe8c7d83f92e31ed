declare module "pdf-parse/lib/pdf-parse.js" {
  const pdfParse: (
    data: Buffer,
    options?: { version?: string; max?: number },
  ) => Promise<{ text: string; numpages: number; info: Record<string, unknown> }>;
  export default pdfParse;
}
