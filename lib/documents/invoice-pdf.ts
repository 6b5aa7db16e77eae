import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { selectRows } from "../../db/client";
import { customerAccounts, products, subscriptionPeriods, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { formatPeriod, formatsFor, invoiceName, type Formats } from "../format";
import type { InvoiceTax } from "../../db/schema";
import { taxAmounts, taxLineName, taxName } from "../tax/compute";
import { formatPercentage } from "../percentage";
import { renewalAfter } from "../pricing/periods";
import { paymentMethodName } from "../portal/queries";
import { customerInvoice, invoiceDetail, type InvoiceRead } from "../invoices/read";
import { invoicePayments } from "../payments/read";
import { creditNotesAgainst } from "../credit-notes/list";

/**
 * An invoice as a PDF, for the portal and the dashboard alike: the context decides what it may
 * read (a customer's only their own account's invoices; staff their brand's). pdf-lib with its
 * built-in Helvetica, so no font files ship with the app.
 */

export interface InvoicePdf {
  bytes: Uint8Array;
  filename: string;
}

/** The invoice's PDF; another account's (for a customer) or another brand's invoice is NOT_FOUND, as is a deleted one for a customer. */
export async function invoicePdf(ctx: Context, invoiceId: string, opts: { fetchLogo?: typeof fetchLogo } = {}): Promise<InvoicePdf> {
  // Its read row (lib/invoices/read.ts): a customer's own and not deleted, staff's any of the brand's.
  const invoice = ctx.actor.kind === "customer" ? await customerInvoice(ctx, invoiceId) : await invoiceDetail(ctx, invoiceId);
  if (!invoice) throw notFound("Invoice", "invoice_id");
  const account = await findInBrand(ctx, customerAccounts, invoice.customerAccountId, "Customer account", "customer_account_id");
  const payments = await invoicePayments(ctx, invoice.id);
  const f = formatsFor(account.locale, account.timezoneId, invoice.currency);
  const logo = await (opts.fetchLogo ?? fetchLogo)(ctx.brand.logoUrl);

  const { doc, w } = await startDocument(ctx, invoiceName(invoice));
  const period = await invoicePeriod(ctx, invoice);
  await writeHeader(w, ctx, logo, "INVOICE", [
    `Number ${invoice.number}`,
    `Issued ${f.day(invoice.createdAt)}`,
    `Due ${f.date(invoice.dueDate)}`,
    period ? `Period ${f.date(period.start)}${period.end ? ` – ${f.date(period.end)}` : ""} · ${period.label}` : null,
  ]);
  w.text(`Status: ${f.status("invoice", invoice.status)}`, { right: true, bold: true });
  w.gap(16);
  writeParties(w, ctx.brand, account);

  // Lines: charges first, then the discounts (negative), then the totals with each tax (lib/tax), never an item.
  const tax = taxAmounts(invoice.lines);
  const items = invoice.lines.filter((l) => l.kind !== "discount" && l.kind !== "tax");
  const discounts = invoice.lines.filter((l) => l.kind === "discount");
  w.tableRow(["Item", "Qty", "Unit price", "Amount"], { bold: true, color: MUTED, rule: true });
  if (items.length === 0) w.text("No items", { color: MUTED });
  for (const l of items) w.tableRow([l.itemName, String(l.quantity), f.money(l.itemPrice), f.money(l.itemPrice * l.quantity)]);
  const subtotal = items.reduce((s, l) => s + l.itemPrice * l.quantity, 0);
  if (discounts.length) {
    w.gap(6);
    w.tableRow(["Discounts", "", "", ""], { bold: true, color: MUTED, rule: true });
    for (const l of discounts) w.tableRow([l.itemName, String(l.quantity), f.money(l.itemPrice), f.money(l.itemPrice * l.quantity)]);
  }
  w.gap(8);
  w.rule();
  w.total("Subtotal", f.money(subtotal));
  if (discounts.length) w.total("Discounts", f.money(tax.subtotal - subtotal));
  writeTaxTotals(w, f, tax.taxes);
  w.total("Total", f.money(invoice.totalCents), true);
  w.total("Paid", f.money(invoice.paidCents));
  w.total("Balance due", f.money(invoice.deletedAt ? 0 : invoice.balanceCents), true);
  w.total("Currency", invoice.currency);
  w.gap(18);
  writeTaxSection(w, f, tax.taxes, tax.notes);

  // Credit notes against this invoice (issue 31): each is a line of the table below.
  const credited = await creditNotesAgainst(ctx, invoice.id);
  if (credited.length) {
    w.text("Credit notes", { bold: true, size: 12 });
    w.gap(2);
    w.tableRow(["Number", "Date", "Reason", "Amount"], { bold: true, color: MUTED, rule: true });
    for (const c of credited) w.tableRow([c.number, f.day(c.createdAt), f.status("credit_reason", c.reason), f.money(c.amountCents)]);
    w.gap(18);
  }

  w.text("Payments", { bold: true, size: 12 });
  w.gap(2);
  if (payments.length === 0)
    w.text(invoice.balanceCents > 0 ? `No payments yet. ${f.money(invoice.balanceCents)} is due by ${f.date(invoice.dueDate)}.` : "No payments.", {
      color: MUTED,
    });
  else {
    w.tableRow(["Date", "Method", "Status", "Amount"], { bold: true, color: MUTED, rule: true });
    for (const p of payments) {
      w.tableRow([f.instant(p.createdAt), paymentMethodName(p), f.status("payment", p.status), f.money(p.amountCents)]);
    }
  }

  return { bytes: await finish(doc, w, ctx, "Questions about this invoice?", invoiceName(invoice)), filename: `invoice-${invoice.number}.pdf` };
}

/** Each tax among the totals: "VAT 20%" adding its tax, "GST 5% (included)" in the prices, "VAT 20% (reverse charge)" at 0. */
export function writeTaxTotals(w: Writer, f: Formats, taxes: readonly InvoiceTax[]) {
  for (const t of taxes) w.total(taxLineName(t), f.money(t.amount));
}

/**
 * The Tax section of an invoice or a credit note: each rate with its percentage, the amount it taxed
 * and its tax (inclusive ones marked), then what the document states: the exemption with its reason,
 * or the reverse charge with both tax ids. Nothing when there is neither.
 */
export function writeTaxSection(w: Writer, f: Formats, taxes: readonly InvoiceTax[], notes: readonly string[]) {
  if (!taxes.length && !notes.length) return;
  w.text("Tax", { bold: true, size: 12 });
  w.gap(2);
  if (taxes.length) {
    w.tableRow(["Tax", "Rate", "Taxed amount", "Tax"], { bold: true, color: MUTED, rule: true });
    for (const t of taxes) w.tableRow([taxName(t), `${formatPercentage(t.percentage)}%`, f.money(t.taxedAmount), f.money(t.amount)]);
    w.gap(4);
  }
  for (const n of notes) w.paragraph(n);
  w.gap(18);
}

/** A new A4 document titled for the brand, and its writer at the top of the first page. */
export async function startDocument(ctx: Context, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(pdfText(ctx.brand.name));
  doc.setCreator(pdfText(ctx.brand.name));
  doc.setCreationDate(ctx.now());
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, w: new Writer(doc, fonts) };
}

/** The header: the brand (logo and name) on the left, the document's kind and its lines (number, dates) on the right. */
export async function writeHeader(w: Writer, ctx: Context, logo: Awaited<ReturnType<typeof fetchLogo>>, heading: string, lines: (string | null)[]) {
  let image: PDFImage | null = null;
  if (logo) image = await (logo.type === "png" ? w.doc.embedPng(logo.bytes) : w.doc.embedJpg(logo.bytes)).catch(() => null);
  const top = w.y;
  let left = MARGIN;
  if (image) {
    const scale = Math.min(48 / image.height, 140 / image.width);
    w.page.drawImage(image, { x: MARGIN, y: top - image.height * scale + 12, width: image.width * scale, height: image.height * scale });
    left += image.width * scale + 12;
  }
  w.text(ctx.brand.name, { x: left, size: 18, bold: true });
  w.y = top;
  w.text(heading, { right: true, size: 18, bold: true });
  for (const l of lines) if (l) w.text(l, { right: true });
}

/** From (the seller: the brand's legal details, Brand/Update) and bill-to (the buyer), side by side. */
export function writeParties(w: Writer, b: Context["brand"], account: typeof customerAccounts.$inferSelect, buyerHeading = "Bill to") {
  const from = [
    b.legalName || b.name,
    ...(b.address ?? "").split("\n"),
    b.country,
    b.taxId ? `Tax ID ${b.taxId}` : null,
    b.websiteUrl,
    b.supportEmail,
    b.supportPhone,
  ];
  const billTo = [
    account.companyName,
    `${account.firstName} ${account.lastName}`,
    [account.unit && account.unitType ? `${account.unitType} ${account.unit}` : account.unit, account.address].filter(Boolean).join(" "),
    account.address2,
    [account.city, [account.state, account.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    account.country,
    account.emailAddress,
    account.taxId ? `Tax ID ${account.taxId}` : null,
  ];
  const blockTop = w.y;
  w.text("From", { bold: true, color: MUTED });
  for (const l of from) if (l) w.text(l);
  const leftBottom = w.y;
  w.y = blockTop;
  w.text(buyerHeading, { x: COL_BILL_TO, bold: true, color: MUTED });
  for (const l of billTo) if (l) w.text(l, { x: COL_BILL_TO });
  w.y = Math.min(w.y, leftBottom);
  w.gap(18);
}

/** Every page's footer (the brand's contact, or the document's name) and the document's bytes. */
export async function finish(doc: PDFDocument, w: Writer, ctx: Context, question: string, name: string) {
  const contact = [ctx.brand.supportEmail, ctx.brand.supportPhone, ctx.brand.websiteUrl].filter(Boolean).join("  ·  ");
  for (const page of doc.getPages()) {
    const note = contact ? `${question} ${contact}` : name;
    page.drawText(pdfText(note), { x: MARGIN, y: 28, size: 8, font: w.fonts.regular, color: MUTED });
  }
  return doc.save();
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 50;
const COL_BILL_TO = 320;
export const MUTED = rgb(0.34, 0.38, 0.45);
const LINE = rgb(0.85, 0.87, 0.91);
/** Right edges of the Qty, Unit price and Amount columns; the item's name takes the rest. */
const NUM_COLUMNS = [370, 460, PAGE.width - MARGIN];

interface TextOptions {
  x?: number;
  size?: number;
  bold?: boolean;
  right?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** Writes top to bottom, starting a new page when the current one is full. */
export class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private room(height: number) {
    if (this.y - height >= MARGIN + 20) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  gap(points: number) {
    this.y -= points;
  }

  /** One line of text (cut to fit the page) below the previous one. */
  text(value: string, o: TextOptions = {}) {
    const size = o.size ?? 10;
    this.room(size + 4);
    this.y -= size + 4;
    this.drawAt(value, o.right ? { right: PAGE.width - MARGIN } : { x: o.x ?? MARGIN }, size, o);
  }

  /** Text wrapped at its spaces to the page's width, line after line (a tax statement can be long). */
  paragraph(value: string, o: TextOptions = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    let line = "";
    for (const word of pdfText(value).split(" ")) {
      const longer = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(longer, size) > PAGE.width - 2 * MARGIN) {
        this.text(line, o);
        line = word;
      } else line = longer;
    }
    if (line) this.text(line, o);
  }

  private drawAt(value: string, at: { x: number } | { right: number }, size: number, o: TextOptions, maxWidth = PAGE.width - 2 * MARGIN) {
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const text = fit(pdfText(value), font, size, maxWidth);
    const x = "x" in at ? at.x : at.right - font.widthOfTextAtSize(text, size);
    this.page.drawText(text, { x, y: this.y, size, font, color: o.color ?? rgb(0.09, 0.13, 0.17) });
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: PAGE.width - MARGIN, y: this.y - 4 }, thickness: 0.8, color: LINE });
    this.y -= 6;
  }

  /** A row of the four-column tables: a name, then three right-aligned values. */
  tableRow(cells: [string, string, string, string], o: TextOptions & { rule?: boolean } = {}) {
    const size = 10;
    this.room(size + 8);
    this.y -= size + 6;
    this.drawAt(cells[0], { x: MARGIN }, size, o, NUM_COLUMNS[0] - 60 - MARGIN);
    cells.slice(1).forEach((c, i) => this.drawAt(c, { right: NUM_COLUMNS[i] }, size, o, 120));
    if (o.rule) this.rule();
  }

  total(label: string, value: string, strong = false) {
    const size = strong ? 11 : 10;
    this.room(size + 6);
    this.y -= size + 5;
    // The label ends where the amounts' column starts: a tax's name ("VAT 20% (reverse charge)") has room to its left.
    this.drawAt(label, { right: NUM_COLUMNS[1] }, size, { bold: strong }, NUM_COLUMNS[1] - MARGIN);
    this.drawAt(value, { right: NUM_COLUMNS[2] }, size, { bold: strong });
  }
}

/** Cuts text with an ellipsis to fit a width. */
function fit(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let s = text;
  while (s.length > 1 && font.widthOfTextAtSize(`${s}...`, size) > width) s = s.slice(0, -1);
  return `${s}...`;
}

/** WinAnsi characters the standard fonts can draw: Latin-1 and a few typographic ones; anything else becomes "?". */
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);
export const pdfText = (s: string) =>
  s
    .replace(/[\u00a0\u2007\u202f]/g, " ") // the spaces Intl puts in numbers and dates
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/[^\u0020-\u00ff]/g, (c) => (WIN_ANSI_EXTRA.has(c) ? c : "?"));

/** The most of a logo we read (a logo is small). */
const LOGO_MAX_BYTES = 1_000_000;

/**
 * The brand's logo, when it can be had quickly and safely: a data: URL, or an http(s) address on a
 * public host (never loopback or a private network: the server must not become a way into it),
 * PNG or JPEG, within a second and a half and a megabyte. Anything else: no logo, the name stands alone.
 */
export async function fetchLogo(url: string | null | undefined): Promise<{ bytes: Uint8Array; type: "png" | "jpg" } | null> {
  if (!url) return null;
  try {
    const data = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(url.trim());
    if (data) return imageOf(Buffer.from(data[2], "base64"));
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    const host = u.hostname.replace(/^\[|\]$/g, "");
    const address = isIP(host) ? host : (await lookup(host)).address;
    if (isPrivateAddress(address)) return null;
    const res = await fetch(u, { signal: AbortSignal.timeout(1500), redirect: "error" });
    if (!res.ok || Number(res.headers.get("content-length") ?? 0) > LOGO_MAX_BYTES) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length > LOGO_MAX_BYTES ? null : imageOf(bytes);
  } catch {
    return null;
  }
}

const imageOf = (bytes: Uint8Array) =>
  bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47
    ? { bytes, type: "png" as const }
    : bytes[0] === 0xff && bytes[1] === 0xd8
      ? { bytes, type: "jpg" as const }
      : null;

/** Loopback, private, link-local, carrier-grade NAT and unspecified addresses, IPv4 and IPv6 (also IPv4-mapped). */
export function isPrivateAddress(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("::ffff:");
}

/**
 * The HTTP answer both route handlers (portal and dashboard) give once they have a context: the
 * PDF as a download, never cached by a shared cache, or 404 for an invoice out of the context's reach.
 */
export const invoicePdfResponse = (ctx: Context, invoiceId: string) => pdfResponse(() => invoicePdf(ctx, invoiceId), "Invoice");

/** A document as a PDF download (private, never cached by a shared cache), or 404 saying what was not found. */
export async function pdfResponse(make: () => Promise<InvoicePdf>, what: string): Promise<Response> {
  try {
    const pdf = await make();
    return new Response(Buffer.from(pdf.bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${pdf.filename}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof DomainError && err.code === "NOT_FOUND")
      return new Response(`${what} not found`, { status: 404, headers: { "content-type": "text/plain" } });
    throw err;
  }
}

/**
 * A subscription invoice's period: from its start to the end recorded when the period started (or,
 * for one generated ahead, the renewal after it), with the product's period as people say it.
 */
async function invoicePeriod(ctx: Context, invoice: Pick<InvoiceRead, "id" | "subscriptionId" | "billingPeriodStart">) {
  if (!invoice.subscriptionId || !invoice.billingPeriodStart) return null;
  const [sub] = await selectRows(ctx.db, subscriptions, { where: inBrand(ctx, subscriptions, eq(subscriptions.id, invoice.subscriptionId)) });
  if (!sub?.productId) return null;
  const [[product], [started]] = await Promise.all([
    selectRows(ctx.db, products, { where: inBrand(ctx, products, eq(products.id, sub.productId)) }),
    selectRows(ctx.db, subscriptionPeriods, { where: inBrand(ctx, subscriptionPeriods, eq(subscriptionPeriods.invoiceId, invoice.id)) }),
  ]);
  if (!product) return null;
  const end = started ? started.periodEnd : renewalAfter(invoice.billingPeriodStart, sub, product);
  return { start: invoice.billingPeriodStart, end, label: formatPeriod(product.intervalUnit, product.expirationInterval) };
}
