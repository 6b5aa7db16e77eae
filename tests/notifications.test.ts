import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { decodeHTML } from "entities";
import { call, makeTenant, ok, type Tenant, errorOf } from "./support/api";
import { getDb } from "../db/client";
import { notifications } from "../db/schema";
import { EVENT_NAMES } from "../lib/notifications/events";
import { DEFAULT_TEMPLATES } from "../lib/notifications/defaults";
import { HTML_MAX, SUBJECT_MAX } from "../lib/notifications/schemas";

const FORMATS = ["json", "xml"] as const;
/** A list namespace as an array in both formats (XML gives one child as an object, none as ""). */
const listOf = (format: string, body: any, plural: string, singular: string): any[] => {
  if (format === "json") return body[plural];
  const inner = body[plural]?.[singular];
  return inner === undefined ? [] : Array.isArray(inner) ? inner : [inner];
};

const base = { default_notify_brand: "N", default_notify_customer: "Y", from_email: "billing@example.com" };

async function create(t: Tenant, params: Record<string, string>, format = "json") {
  const body = await ok(t, format, "Notification/Create", { method: "POST", params: { ...base, ...params } });
  return body.notification;
}

async function rowCount(brandId: string) {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(eq(notifications.brandId, brandId));
  return n;
}

async function expectRefused(
  t: Tenant,
  format: string,
  path: string,
  method: string,
  params: Record<string, string>,
  status: number,
  errorCode: string,
  parameter?: string,
) {
  const before = await rowCount(t.brand_id);
  const r = await call(format, path, { method, creds: t, params });
  expect(r.status, r.text).toBe(status);
  expect(errorOf(r).code).toBe(errorCode);
  if (parameter) expect(errorOf(r).parameter).toBe(parameter);
  expect(await rowCount(t.brand_id)).toBe(before);
  return r;
}

let other: Tenant;
beforeAll(async () => {
  other = await makeTenant();
});

describe("Notification/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates a notification and answers its HTML encoded`, async () => {
      const t = await makeTenant();
      const n = await create(
        t,
        {
          notification_event: "Invoice/Create",
          default_notify_brand: "Y",
          default_notify_brand_email: "owner@example.com",
          subject_customer: "Invoice {{invoice.invoice_id}} from {{brand.name}}",
          html_customer: '<p class="x">Hello {{customer.first_name}} & welcome</p>',
          html_brand: "<b>{{#invoice}}{{total}}{{/invoice}}</b>",
        },
        format,
      );
      expect(n.notification_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(n).toMatchObject({
        notification_event: "Invoice/Create",
        default_notify_brand: "Y",
        default_notify_brand_email: "owner@example.com",
        default_notify_customer: "Y",
        subject_customer: "Invoice {{invoice.invoice_id}} from {{brand.name}}",
        subject_brand: "",
        html_customer: "&lt;p class=&quot;x&quot;&gt;Hello {{customer.first_name}} &amp; welcome&lt;/p&gt;",
        html_brand: "&lt;b&gt;{{#invoice}}{{total}}{{/invoice}}&lt;/b&gt;",
        from_email: "billing@example.com",
        status: "1",
        is_default: "N",
      });
      expect(decodeHTML(n.html_customer)).toBe('<p class="x">Hello {{customer.first_name}} & welcome</p>');
      const db = await getDb();
      const [row] = await db.select().from(notifications).where(eq(notifications.id, n.notification_id));
      expect(row.htmlCustomer).toBe('<p class="x">Hello {{customer.first_name}} & welcome</p>');
      if (format === "xml") {
        const raw = await call("xml", "Notification/List", { creds: t, params: { notification_id: n.notification_id } });
        expect(raw.text).toContain("<html_brand>&amp;lt;b&amp;gt;");
      }
    });

    it(`${format}: refuses a second notification for the same event (409 DUPLICATE), and allows another event`, async () => {
      const t = await makeTenant();
      await create(t, { notification_event: "Payment/Create" });
      await expectRefused(t, format, "Notification/Create", "POST", { ...base, notification_event: "Payment/Create" }, 409, "DUPLICATE");
      await create(t, { notification_event: "Invoice/Reminder" });
      expect(await rowCount(t.brand_id)).toBe(2);
    });

    it(`${format}: requires default_notify_brand_email when default_notify_brand is Y`, async () => {
      const t = await makeTenant();
      const params = { ...base, notification_event: "Account/Create", default_notify_brand: "Y" };
      await expectRefused(t, format, "Notification/Create", "POST", params, 400, "MISSING_PARAMETER", "default_notify_brand_email");
      await expectRefused(
        t,
        format,
        "Notification/Create",
        "POST",
        { ...params, default_notify_brand_email: "" },
        400,
        "MISSING_PARAMETER",
        "default_notify_brand_email",
      );
      await expectRefused(
        t,
        format,
        "Notification/Create",
        "POST",
        { ...params, default_notify_brand_email: "not-an-email" },
        400,
        "INVALID_PARAMETER",
        "default_notify_brand_email",
      );
      // Not needed when the brand gets no copy.
      await create(t, { notification_event: "Account/Create" }, format);
    });

    it(`${format}: refuses unknown events, bad flags, a bad sender and missing required parameters`, async () => {
      const t = await makeTenant();
      const good = { ...base, notification_event: "Account/Create" };
      await expectRefused(
        t,
        format,
        "Notification/Create",
        "POST",
        { ...good, notification_event: "Account/Delete" },
        400,
        "INVALID_PARAMETER",
        "notification_event",
      );
      await expectRefused(
        t,
        format,
        "Notification/Create",
        "POST",
        { ...good, default_notify_customer: "yes" },
        400,
        "INVALID_PARAMETER",
        "default_notify_customer",
      );
      await expectRefused(t, format, "Notification/Create", "POST", { ...good, from_email: "billing" }, 400, "INVALID_PARAMETER", "from_email");
      for (const missing of ["notification_event", "default_notify_brand", "default_notify_customer", "from_email"]) {
        const params: Record<string, string> = { ...good };
        delete params[missing];
        await expectRefused(t, format, "Notification/Create", "POST", params, 400, "MISSING_PARAMETER", missing);
      }
    });
  }

  it("refuses templates that do not parse, use placeholders the event lacks, print HTML unescaped or use partials", async () => {
    const t = await makeTenant();
    const good = { ...base, notification_event: "Account/Create" };
    const cases: [string, string][] = [
      ["html_customer", "<p>{{customer.first_name</p>"],
      ["html_customer", "{{#customer}}{{first_name}}"],
      ["subject_customer", "{{invoice.total}}"],
      ["subject_brand", "{{customer.password}}"],
      ["html_brand", "{{{customer.first_name}}}"],
      ["html_brand", "{{& customer.first_name}}"],
      ["html_customer", "{{> footer}}"],
    ];
    for (const [p, template] of cases) {
      const r = await expectRefused(t, "json", "Notification/Create", "POST", { ...good, [p]: template }, 400, "INVALID_PARAMETER", p);
      expect(r.body.exception.message.startsWith(`${p} `)).toBe(true);
    }
    // Sections over a namespace may use its fields bare; a subject may print unescaped (it is not HTML).
    await create(t, {
      notification_event: "Account/Create",
      html_customer: "{{#customer}}<p>{{first_name}}</p>{{/customer}}{{^user.username}}-{{/user.username}}",
      subject_customer: "{{{customer.first_name}}}",
    });
  });

  it("takes templates and subjects up to their limits exactly", async () => {
    const t = await makeTenant();
    const params = { ...base, notification_event: "Subscription/Create" };
    await expectRefused(
      t,
      "json",
      "Notification/Create",
      "POST",
      { ...params, subject_customer: "s".repeat(SUBJECT_MAX + 1) },
      400,
      "INVALID_PARAMETER",
      "subject_customer",
    );
    await expectRefused(
      t,
      "json",
      "Notification/Create",
      "POST",
      { ...params, html_customer: "h".repeat(HTML_MAX + 1) },
      400,
      "INVALID_PARAMETER",
      "html_customer",
    );
    const n = await create(t, { ...params, subject_customer: "s".repeat(SUBJECT_MAX), html_customer: "h".repeat(HTML_MAX) });
    expect(n.subject_customer).toHaveLength(SUBJECT_MAX);
    expect(n.html_customer).toHaveLength(HTML_MAX);
  });
});

describe("Notification/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists live notifications, filters by event, finds a deleted one by id`, async () => {
      const t = await makeTenant();
      const a = await create(t, { notification_event: "Account/Create" });
      const b = await create(t, { notification_event: "Payment/Create" });
      await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: b.notification_id } });
      const all = await ok(t, format, "Notification/List");
      expect(all.count).toBe("1");
      expect(listOf(format, all, "notifications", "notification").map((n) => n.notification_id)).toEqual([a.notification_id]);
      const byEvent = await ok(t, format, "Notification/List", { params: { notification_event: "Payment/Create" } });
      expect(byEvent.count).toBe("0");
      const byId = await ok(t, format, "Notification/List", { params: { notification_id: b.notification_id } });
      expect(listOf(format, byId, "notifications", "notification")[0]).toMatchObject({ notification_id: b.notification_id, status: "3" });
      expect((await ok(t, format, "Notification/List", { params: { notification_id: "nope" } })).count).toBe("0");
    });

    it(`${format}: defaults=Y lists every event's default template, HTML encoded`, async () => {
      const t = await makeTenant();
      const body = await ok(t, format, "Notification/List", { params: { defaults: "Y" } });
      const items = listOf(format, body, "notifications", "notification");
      expect(items.map((n) => n.notification_event)).toEqual(EVENT_NAMES);
      for (const n of items) {
        expect(n.is_default).toBe("Y");
        expect(n.notification_id).toBe("");
        const template = DEFAULT_TEMPLATES[n.notification_event as keyof typeof DEFAULT_TEMPLATES];
        expect(n.subject_customer).toBe(template.subject_customer);
        expect(n.html_customer).not.toContain("<");
        expect(decodeHTML(n.html_customer)).toBe(template.html_customer);
        expect(decodeHTML(n.html_brand)).toBe(template.html_brand);
      }
      const one = await ok(t, format, "Notification/List", { params: { defaults: "Y", notification_event: "User/PasswdReset" } });
      expect(one.count).toBe("1");
      expect(listOf(format, one, "notifications", "notification")[0].subject_customer).toContain("temporary");
      const r = await call(format, "Notification/List", { creds: t, params: { defaults: "Y", notification_id: "x" } });
      expect(r.status).toBe(400);
      expect(errorOf(r).parameter).toBe("notification_id");
    });
  }

  it("never lists another brand's notifications", async () => {
    const t = await makeTenant();
    const theirs = await create(other, { notification_event: "User/2FARequest" });
    expect((await ok(t, "json", "Notification/List")).count).toBe("0");
    expect((await ok(t, "json", "Notification/List", { params: { notification_id: theirs.notification_id } })).count).toBe("0");
  });
});

describe("Notification/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets what is sent, clears what is sent empty, keeps what is absent`, async () => {
      const t = await makeTenant();
      const n = await create(t, {
        notification_event: "Subscription/Suspend",
        default_notify_brand: "Y",
        default_notify_brand_email: "owner@example.com",
        subject_brand: "Suspended {{subscription.subscription_id}}",
        subject_customer: "Sorry",
        html_customer: "<p>Gone</p>",
      });
      const body = await ok(t, format, "Notification/Update", {
        method: "PATCH",
        params: {
          notification_id: n.notification_id,
          default_notify_brand: "Y",
          default_notify_customer: "N",
          from_email: "new@example.com",
          subject_customer: "",
          html_brand: "<i>{{subscription.product_name}}</i>",
          notification_event: "Account/Create",
        },
      });
      expect(body.notification).toMatchObject({
        notification_event: "Subscription/Suspend",
        default_notify_brand_email: "owner@example.com",
        default_notify_customer: "N",
        from_email: "new@example.com",
        subject_brand: "Suspended {{subscription.subscription_id}}",
        subject_customer: "",
        html_customer: "&lt;p&gt;Gone&lt;/p&gt;",
        html_brand: "&lt;i&gt;{{subscription.product_name}}&lt;/i&gt;",
      });
    });

    it(`${format}: refuses to leave the brand copy without an address, bad templates, and deleted notifications`, async () => {
      const t = await makeTenant();
      const n = await create(t, { notification_event: "Invoice/Create" });
      const params = { ...base, notification_id: n.notification_id };
      await expectRefused(
        t,
        format,
        "Notification/Update",
        "PATCH",
        { ...params, default_notify_brand: "Y" },
        400,
        "MISSING_PARAMETER",
        "default_notify_brand_email",
      );
      await ok(t, "json", "Notification/Update", {
        method: "PATCH",
        params: { ...params, default_notify_brand: "Y", default_notify_brand_email: "o@example.com" },
      });
      // The stored address is enough; clearing it while the brand gets a copy is refused.
      await ok(t, "json", "Notification/Update", { method: "PATCH", params: { ...params, default_notify_brand: "Y" } });
      await expectRefused(
        t,
        format,
        "Notification/Update",
        "PATCH",
        { ...params, default_notify_brand: "Y", default_notify_brand_email: "" },
        400,
        "MISSING_PARAMETER",
        "default_notify_brand_email",
      );
      await expectRefused(
        t,
        format,
        "Notification/Update",
        "PATCH",
        { ...params, html_brand: "{{user.temporary_password}}" },
        400,
        "INVALID_PARAMETER",
        "html_brand",
      );
      await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: n.notification_id } });
      await expectRefused(t, format, "Notification/Update", "PATCH", params, 409, "INVALID_STATE");
      const db = await getDb();
      const [row] = await db.select().from(notifications).where(eq(notifications.id, n.notification_id));
      expect(row).toMatchObject({ notifyBrand: "Y", brandEmail: "o@example.com", htmlBrand: null });
    });
  }
});

describe("Notification/Delete and Notification/Restore", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes, refuses deleting twice, restores, refuses restoring a live one`, async () => {
      const t = await makeTenant();
      const n = await create(t, { notification_event: "Subscription/Delete" });
      const id = { notification_id: n.notification_id };
      const deleted = await ok(t, format, "Notification/Delete", { method: "DELETE", params: id });
      expect(deleted.notification.status).toBe("3");
      expect(deleted.notification.deleted).toMatch(/Z$/);
      await expectRefused(t, format, "Notification/Delete", "DELETE", id, 409, "INVALID_STATE");
      const restored = await ok(t, format, "Notification/Restore", { method: "POST", params: id });
      expect(restored.notification).toMatchObject({ status: "1", deleted: "" });
      await expectRefused(t, format, "Notification/Restore", "POST", id, 409, "INVALID_STATE");
    });

    it(`${format}: refuses restoring while another notification of the same event exists (409 DUPLICATE)`, async () => {
      const t = await makeTenant();
      const first = await create(t, { notification_event: "User/PasswdReset" });
      await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: first.notification_id } });
      const second = await create(t, { notification_event: "User/PasswdReset" });
      await expectRefused(t, format, "Notification/Restore", "POST", { notification_id: first.notification_id }, 409, "DUPLICATE");
      await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: second.notification_id } });
      await ok(t, format, "Notification/Restore", { method: "POST", params: { notification_id: first.notification_id } });
      const live = await ok(t, "json", "Notification/List", { params: { notification_event: "User/PasswdReset" } });
      expect(live.notifications.map((x: any) => x.notification_id)).toEqual([first.notification_id]);
    });
  }
});

describe("another brand's notification", () => {
  for (const format of FORMATS) {
    it(`${format}: is 404 for Update, Delete and Restore, and stays as it was`, async () => {
      const t = await makeTenant();
      const live = await create(other, { notification_event: "Subscription/Create" });
      const gone = await create(other, { notification_event: "Invoice/Create" });
      await ok(other, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: gone.notification_id } });
      const before = await ok(other, "json", "Notification/List", { params: { notification_id: live.notification_id } });
      for (const [path, method, id] of [
        ["Notification/Update", "PATCH", live.notification_id],
        ["Notification/Delete", "DELETE", live.notification_id],
        ["Notification/Restore", "POST", gone.notification_id],
      ]) {
        const r = await call(format, path, { method, creds: t, params: { ...base, notification_id: id } });
        expect(r.status).toBe(404);
        expect(errorOf(r).code).toBe("NOT_FOUND");
        expect(errorOf(r).parameter).toBe("notification_id");
      }
      expect(await ok(other, "json", "Notification/List", { params: { notification_id: live.notification_id } })).toEqual(before);
      const stillGone = await ok(other, "json", "Notification/List", { params: { notification_id: gone.notification_id } });
      expect(stillGone.notifications[0].status).toBe("3");
      await ok(other, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: live.notification_id } });
    });
  }
});
