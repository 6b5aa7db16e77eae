import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fetchLogo, isPrivateAddress, pdfText } from "./invoice-pdf";

describe("invoice PDF helpers", () => {
  it("tells private, loopback and link-local addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700:4700::1111"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("never fetches a logo from the server's own network, and takes only PNG or JPEG", async () => {
    expect(await fetchLogo("http://127.0.0.1:1/logo.png")).toBeNull();
    expect(await fetchLogo("http://localhost/logo.png")).toBeNull();
    expect(await fetchLogo("http://[::1]/logo.png")).toBeNull();
    expect(await fetchLogo("file:///etc/passwd")).toBeNull();
    expect(await fetchLogo("not a url")).toBeNull();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString("base64");
    expect(await fetchLogo(`data:image/png;base64,${png}`)).toMatchObject({ type: "png" });
    expect(await fetchLogo(`data:image/png;base64,${Buffer.from("<svg/>").toString("base64")}`)).toBeNull();
  });

  it("keeps what the standard fonts can draw and replaces the rest", () => {
    expect(pdfText("Café 1\u202f234,56\u00a0$ — “ok”")).toBe("Café 1 234,56 $ — “ok”");
    expect(pdfText("東京 line\nbreak")).toBe("?? line break");
  });

  it("the PDFs read their invoices and payments through the read modules (lib/invoices/read.ts, lib/payments/read.ts), never the tables themselves", () => {
    for (const file of ["invoice-pdf.ts", "credit-note-pdf.ts"]) {
      const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
      const tables =
        /import\s*{([^}]*)}\s*from\s*"\.\.\/\.\.\/db\/schema"/
          .exec(source)?.[1]
          .split(",")
          .map((n) => n.trim()) ?? [];
      expect(tables, file).not.toContain("invoices");
      expect(tables, file).not.toContain("payments");
      expect(source, file).not.toMatch(/invoices\/queries/);
    }
  });
});
