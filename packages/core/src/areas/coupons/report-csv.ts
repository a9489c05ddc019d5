import Papa from 'papaparse';
import type { Logger } from '../../ports/logger';
import type { CouponUsageRow } from '../../storage/coupon-report-store';
import { centsText, discountDisplay } from './coupon-view';
import { escapeFormula } from './csv-formula';
import type { ResolvedRange } from './report-range';

/** The CSV columns, exactly as docs/api.md §4.5 names them. */
export const couponCsvColumns = [
  'Coupon',
  'Discount Display',
  'Discount Amount',
  'Discount Type',
  'Uses',
  'Revenue Impact',
] as const;

/** The cells of one report row, in {@link couponCsvColumns} order, already escaped ({@link escapeFormula}). */
export function csvCells(row: CouponUsageRow): string[] {
  return [
    row.code,
    discountDisplay(row),
    row.discountType === 'fixed' ? row.discountAmount.toFixed(2) : String(row.discountAmount),
    row.discountType,
    String(row.uses),
    centsText(row.discountCents === 0 ? 0 : -row.discountCents),
  ].map(escapeFormula);
}

/**
 * Lines of CSV (RFC 4180, CRLF) for rows of cells, each line ended. Cells we escaped are quoted
 * too, as OWASP advises.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const text = Papa.unparse(rows as string[][], {
    newline: '\r\n',
    escapeFormulae: false,
    quotes: (value: unknown) => typeof value === 'string' && value.startsWith("'"),
  });
  return `${text}\r\n`;
}

/** The attachment file name of an export: `coupons-used-on-orders_<start>_<end>.csv` (UTC dates). */
export function csvFileName(range: ResolvedRange): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `coupons-used-on-orders_${day(range.start)}_${day(range.end)}.csv`;
}

const linesPerChunk = 500;

/**
 * The CSV export as a streamed `Response`: rows are pulled from `rows` only as fast as the client
 * reads, so memory stays constant however many rows there are.
 */
export function csvResponse(
  rows: AsyncIterable<CouponUsageRow>,
  range: ResolvedRange,
  logger: Logger,
): Response {
  const iterator = rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const lines: string[][] = headerSent ? [] : [[...couponCsvColumns]];
        headerSent = true;
        while (lines.length < linesPerChunk) {
          const next = await iterator.next();
          if (next.done) {
            if (lines.length > 0) controller.enqueue(encoder.encode(csvLines(lines)));
            controller.close();
            return;
          }
          lines.push(csvCells(next.value));
        }
        controller.enqueue(encoder.encode(csvLines(lines)));
      } catch (cause) {
        logger.error('The coupon CSV export failed while streaming', { cause });
        controller.error(cause);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csvFileName(range)}"`,
      'cache-control': 'no-store',
    },
  });
}
