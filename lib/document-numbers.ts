import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Db } from "../db/client";
import type { DocumentKind } from "../db/schema";

/**
 * Document numbers (issue 31): a brand's invoices are `<prefix>-<sequence>` and its credit notes
 * `<prefix>-CN-<sequence>`, the sequence counting from 1 per brand and kind, 6 digits or more.
 * The counter is a row of document_counters (migration 0031), incremented by the transaction
 * that creates the document and locked by it until it ends: a concurrent taker waits, a rolled-back
 * transaction gives its number back, so numbers are gapless and never repeat. Take the number as
 * late as possible in the transaction (after the subscription rows a change locks) and only when
 * the document will be written: a number taken is a document issued.
 */

/** SQL for the next `n` sequences of `kind`: answers the last of them, the counter locked until the transaction ends. */
export const takeSequencesSql = (brandId: string | SQL, kind: DocumentKind, n: SQL | number = 1): SQL =>
  sql`take_document_sequences(${brandId}::uuid, ${kind}, (${n})::bigint)`;

/** SQL naming sequence `seq` of `kind` with the brand's current prefix (document_number, migration 0031). */
export const documentNumberSql = (brandId: string | SQL, kind: DocumentKind, seq: SQL): SQL =>
  sql`document_number((select b.invoice_prefix from brands b where b.id = ${brandId}::uuid), ${kind}, ${seq})`;

/**
 * The next number of `kind` for the brand, taken in transaction `tx` (which must be scoped to the
 * brand, as runVerb's is): e.g. "NC-000042", "NC-CN-000007". Write it with the document in the same transaction.
 */
export async function nextDocumentNumber(tx: Db, brandId: string, kind: DocumentKind): Promise<string> {
  const [row] = resultRows<{ number: string }>(
    await tx.execute(sql`select ${documentNumberSql(brandId, kind, sql`s.seq`)} as number from (select ${takeSequencesSql(brandId, kind)} as seq) s`),
  );
  return row.number;
}

/**
 * Gives back the number this transaction took last, when the document it was for turned out not to
 * be written (another writer made it meanwhile). Only the taker holds the counter, so the last
 * number is its own.
 */
export async function returnDocumentNumber(tx: Db, brandId: string, kind: DocumentKind): Promise<void> {
  await tx.execute(sql`update document_counters set last = last - 1 where brand_id = ${brandId}::uuid and kind = ${kind}`);
}
