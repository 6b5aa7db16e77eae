import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { newCustomer } from "./support/fake-customers";
import { subscriptionFor } from "./support/fixtures";
import { getDb } from "../db/client";
import { notes } from "../db/schema";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { NOTE_CONTENTS_MAX, NOTE_SUBJECT_MAX, NOTES_LISTED_BY_DEFAULT } from "../lib/notes/schemas";

const FORMATS = ["json", "xml"] as const;
const errorOf = (format: string, body: any) =>
  format === "json"
    ? { code: body.exception.code, parameter: body.exception.parameter, message: body.exception.message }
    : { code: body.exception["@_code"], parameter: body.exception["@_parameter"], message: body.exception["#text"] };
/** A list namespace as an array in both formats (XML gives one child as an object, none as ""). */
const listOf = (format: string, body: any): any[] => {
  if (format === "json") return body.notes;
  const inner = body.notes?.note;
  return inner === undefined ? [] : Array.isArray(inner) ? inner : [inner];
};

async function invoiceOf(t: Tenant, customerAccountId: string) {
  const params = {
    customer_account_id: customerAccountId,
    due_date: "12/31/2030",
    attached_items: '[{"item_name":"Setup","item_price":"10.00","tax_exempt":"N"}]',
  };
  return (await ok(t, "json", "Invoice/Create", { method: "POST", params })).invoice.invoice_id as string;
}

/** A customer with a subscription and an invoice, to link notes to. */
async function customer(t: Tenant) {
  const { account } = await newCustomer(t);
  const accountId = account.customer_account_id as string;
  return { accountId, subscriptionId: await subscriptionFor(t, accountId), invoiceId: await invoiceOf(t, accountId) };
}

const noteParams = (links: Record<string, string>, extra: Record<string, string> = {}) => ({
  subject: "Called",
  contents: "Asked about renewal.",
  ...links,
  ...extra,
});

async function createNote(t: Tenant, params: Record<string, string>) {
  return (await ok(t, "json", "Note/Create", { method: "POST", params })).note;
}

async function snapshot(brandId: string) {
  const db = await getDb();
  return db.select().from(notes).where(eq(notes.brandId, brandId)).orderBy(notes.id);
}

/** Expects the refusal and proves it changed nothing in the brand. */
async function expectRefused(
  t: Tenant,
  format: string,
  path: string,
  method: string,
  params: Record<string, string>,
  status: number,
  code: string,
  parameter?: string,
) {
  const before = await snapshot(t.brand_id);
  const r = await call(format, path, { method, creds: t, params });
  expect(r.status, r.text).toBe(status);
  const e = errorOf(format, r.body);
  expect(e.code).toBe(code);
  if (parameter) expect(e.parameter).toBe(parameter);
  expect(await snapshot(t.brand_id)).toEqual(before);
  return e;
}

let other: Tenant;
let theirs: Awaited<ReturnType<typeof customer>>;
beforeAll(async () => {
  other = await makeTenant();
  theirs = await customer(other);
});
afterEach(() => useClock(systemClock));

describe("Note/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: links a note to an account, a subscription, an invoice or all three; contents kept as plain text`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const contents = 'Line one\nLine <b>two</b> & "three"';
      const byAccount = (await ok(t, format, "Note/Create", { method: "POST", params: noteParams({ customer_account_id: c.accountId }, { contents }) })).note;
      expect(byAccount).toMatchObject({
        subject: "Called",
        contents,
        customer_account_id: c.accountId,
        subscription_id: "",
        invoice_id: "",
        status: "active",
        deleted: "",
      });
      expect(byAccount.note_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(byAccount.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const bySubscription = (await ok(t, format, "Note/Create", { method: "POST", params: noteParams({ subscription_id: c.subscriptionId }) })).note;
      expect(bySubscription).toMatchObject({ customer_account_id: "", subscription_id: c.subscriptionId, invoice_id: "" });
      const byInvoice = (await ok(t, format, "Note/Create", { method: "POST", params: noteParams({ invoice_id: c.invoiceId }) })).note;
      expect(byInvoice).toMatchObject({ customer_account_id: "", subscription_id: "", invoice_id: c.invoiceId });
      const all = { customer_account_id: c.accountId, subscription_id: c.subscriptionId, invoice_id: c.invoiceId };
      expect((await ok(t, format, "Note/Create", { method: "POST", params: noteParams(all) })).note).toMatchObject(all);
      const pair = { subscription_id: c.subscriptionId, invoice_id: c.invoiceId };
      expect((await ok(t, format, "Note/Create", { method: "POST", params: noteParams(pair) })).note).toMatchObject(pair);
    });

    it(`${format}: refuses a note linked to nothing (Errors 11), naming customer_account_id`, async () => {
      const t = await makeTenant();
      for (const params of [noteParams({}), noteParams({ customer_account_id: "", subscription_id: "", invoice_id: "" })]) {
        const e = await expectRefused(t, format, "Note/Create", "POST", params, 400, "MISSING_PARAMETER", "customer_account_id");
        expect(e.message).toBe("customer_account_id is required: give at least one of customer_account_id, subscription_id, invoice_id");
      }
    });

    it(`${format}: subject up to ${NOTE_SUBJECT_MAX} and contents up to ${NOTE_CONTENTS_MAX} characters, both required`, async () => {
      const t = await makeTenant();
      const { accountId } = await customer(t);
      const link = { customer_account_id: accountId };
      const longest = await createNote(t, noteParams(link, { subject: "s".repeat(NOTE_SUBJECT_MAX), contents: "c".repeat(NOTE_CONTENTS_MAX) }));
      expect(longest.subject).toHaveLength(150);
      expect(longest.contents).toHaveLength(5000);
      const e1 = await expectRefused(t, format, "Note/Create", "POST", noteParams(link, { subject: "s".repeat(151) }), 400, "INVALID_PARAMETER", "subject");
      expect(e1.message).toBe("subject must be at most 150 characters");
      const e2 = await expectRefused(t, format, "Note/Create", "POST", noteParams(link, { contents: "c".repeat(5001) }), 400, "INVALID_PARAMETER", "contents");
      expect(e2.message).toBe("contents must be at most 5000 characters");
      await expectRefused(t, format, "Note/Create", "POST", { ...link, contents: "x" }, 400, "MISSING_PARAMETER", "subject");
      await expectRefused(t, format, "Note/Create", "POST", { ...link, subject: "x", contents: "" }, 400, "MISSING_PARAMETER", "contents");
    });

    it(`${format}: another brand's account, subscription or invoice is 404, and nothing changes in either brand`, async () => {
      const t = await makeTenant();
      const mine = await customer(t);
      const theirsBefore = await snapshot(other.brand_id);
      await expectRefused(t, format, "Note/Create", "POST", noteParams({ customer_account_id: theirs.accountId }), 404, "NOT_FOUND", "customer_account_id");
      await expectRefused(t, format, "Note/Create", "POST", noteParams({ subscription_id: theirs.subscriptionId }), 404, "NOT_FOUND", "subscription_id");
      await expectRefused(t, format, "Note/Create", "POST", noteParams({ invoice_id: theirs.invoiceId }), 404, "NOT_FOUND", "invoice_id");
      await expectRefused(
        t,
        format,
        "Note/Create",
        "POST",
        noteParams({ customer_account_id: mine.accountId, invoice_id: theirs.invoiceId }),
        404,
        "NOT_FOUND",
        "invoice_id",
      );
      await expectRefused(t, format, "Note/Create", "POST", noteParams({ invoice_id: "not-an-id" }), 404, "NOT_FOUND", "invoice_id");
      expect(await snapshot(other.brand_id)).toEqual(theirsBefore);
    });

    it(`${format}: a subscription or invoice of another customer than the others given is 404`, async () => {
      const t = await makeTenant();
      const a = await customer(t);
      const b = await customer(t);
      const e = await expectRefused(
        t,
        format,
        "Note/Create",
        "POST",
        noteParams({ customer_account_id: a.accountId, subscription_id: b.subscriptionId }),
        404,
        "NOT_FOUND",
        "subscription_id",
      );
      expect(e.message).toBe("Subscription not found on this customer account");
      await expectRefused(
        t,
        format,
        "Note/Create",
        "POST",
        noteParams({ customer_account_id: a.accountId, invoice_id: b.invoiceId }),
        404,
        "NOT_FOUND",
        "invoice_id",
      );
      await expectRefused(
        t,
        format,
        "Note/Create",
        "POST",
        noteParams({ subscription_id: a.subscriptionId, invoice_id: b.invoiceId }),
        404,
        "NOT_FOUND",
        "invoice_id",
      );
    });
  }
});

describe("Note/List", () => {
  for (const format of FORMATS) {
    it(`${format}: without filters, the brand's last ${NOTES_LISTED_BY_DEFAULT} live notes, newest first`, async () => {
      const clock = new ManualClock("2026-03-01T09:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const { accountId } = await customer(t);
      const made: string[] = [];
      for (let i = 1; i <= 17; i++) {
        made.push((await createNote(t, noteParams({ customer_account_id: accountId }, { subject: `Note ${i}` }))).note_id);
        clock.advance({ minutes: 1 });
      }
      await ok(t, "json", "Note/Delete", { method: "DELETE", params: { note_id: made[16] } });
      await createNote(other, noteParams({ customer_account_id: theirs.accountId }));

      // 16 live notes: the 15 newest, newest first; total counts all 16.
      const body = await ok(t, format, "Note/List");
      const listed = listOf(format, body);
      expect(body.count).toBe("15");
      expect(body.total).toBe("16");
      expect(listed.map((n) => n.note_id)).toEqual(made.slice(1, 16).reverse());
      expect(listed[0]).toMatchObject({ subject: "Note 16", customer_account_id: accountId, status: "active" });
      // Blank filters are no filters.
      const blank = await ok(t, format, "Note/List", { params: { customer_account_id: "", subscription_id: "", invoice_id: "" } });
      expect(listOf(format, blank).map((n) => n.note_id)).toEqual(made.slice(1, 16).reverse());
    });

    it(`${format}: filters by account, subscription and invoice (combined), newest first; deleted notes only by note_id`, async () => {
      const clock = new ManualClock("2026-03-01T09:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const make = async (links: Record<string, string>) => {
        clock.advance({ minutes: 1 });
        return (await createNote(t, noteParams(links))).note_id as string;
      };
      const onAccount = await make({ customer_account_id: c.accountId });
      const onSubscription = await make({ subscription_id: c.subscriptionId });
      const onInvoice = await make({ invoice_id: c.invoiceId });
      const onAll = await make({ customer_account_id: c.accountId, subscription_id: c.subscriptionId, invoice_id: c.invoiceId });
      const onOther = await make({ customer_account_id: d.accountId });
      const deleted = await make({ customer_account_id: c.accountId });
      await ok(t, "json", "Note/Delete", { method: "DELETE", params: { note_id: deleted } });

      const ids = async (params: Record<string, string>) => listOf(format, await ok(t, format, "Note/List", { params })).map((n) => n.note_id);
      expect(await ids({ customer_account_id: c.accountId })).toEqual([onAll, onAccount]);
      expect(await ids({ subscription_id: c.subscriptionId })).toEqual([onAll, onSubscription]);
      expect(await ids({ invoice_id: c.invoiceId })).toEqual([onAll, onInvoice]);
      expect(await ids({ customer_account_id: c.accountId, invoice_id: c.invoiceId })).toEqual([onAll]);
      expect(await ids({ customer_account_id: d.accountId })).toEqual([onOther]);
      expect(await ids({ customer_account_id: d.accountId, subscription_id: c.subscriptionId })).toEqual([]);
      expect(await ids({ customer_account_id: "nonsense" })).toEqual([]);

      const found = listOf(format, await ok(t, format, "Note/List", { params: { note_id: deleted } }));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ note_id: deleted, status: "deleted" });
      expect(found[0].deleted).toMatch(/Z$/);
      expect(await ids({ note_id: deleted, customer_account_id: c.accountId })).toEqual([deleted]);
      expect(await ids({ note_id: deleted, customer_account_id: d.accountId })).toEqual([]);
    });

    it(`${format}: another brand's notes and ids are never listed`, async () => {
      const t = await makeTenant();
      await customer(t);
      const theirNote = await createNote(other, noteParams({ customer_account_id: theirs.accountId }));
      const filters: Record<string, string>[] = [
        { note_id: theirNote.note_id },
        { customer_account_id: theirs.accountId },
        { subscription_id: theirs.subscriptionId },
        { invoice_id: theirs.invoiceId },
        {},
      ];
      for (const params of filters) {
        const body = await ok(t, format, "Note/List", { params });
        expect(body.count, JSON.stringify(params)).toBe("0");
      }
    });
  }
});

describe("Note/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes irreversibly but keeps the note findable by note_id; a second delete is refused`, async () => {
      const clock = new ManualClock("2026-04-01T12:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const { accountId } = await customer(t);
      const note = await createNote(t, noteParams({ customer_account_id: accountId }));
      clock.advance({ hours: 2 });
      const deleted = (await ok(t, format, "Note/Delete", { method: "DELETE", params: { note_id: note.note_id } })).note;
      expect(deleted).toMatchObject({ note_id: note.note_id, subject: note.subject, status: "deleted", deleted: "2026-04-01T14:00:00Z" });
      expect((await ok(t, "json", "Note/List", { params: { customer_account_id: accountId } })).count).toBe("0");
      expect((await ok(t, "json", "Note/List", { params: { note_id: note.note_id } })).notes[0].status).toBe("deleted");
      await expectRefused(t, format, "Note/Delete", "DELETE", { note_id: note.note_id }, 409, "INVALID_STATE", "note_id");
    });

    it(`${format}: another brand's note is 404 and stays as it was; note_id is required`, async () => {
      const t = await makeTenant();
      const theirNote = await createNote(other, noteParams({ customer_account_id: theirs.accountId }));
      await expectRefused(t, format, "Note/Delete", "DELETE", { note_id: theirNote.note_id }, 404, "NOT_FOUND", "note_id");
      const still = (await ok(other, "json", "Note/List", { params: { note_id: theirNote.note_id } })).notes[0];
      expect(still.status).toBe("active");
      await expectRefused(t, format, "Note/Delete", "DELETE", { note_id: "12" }, 404, "NOT_FOUND", "note_id");
      await expectRefused(t, format, "Note/Delete", "DELETE", {}, 400, "MISSING_PARAMETER", "note_id");
    });
  }
});
