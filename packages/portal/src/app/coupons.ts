import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from './api';
import { CouponChart } from './chart';
import { noting, usePortal } from './context';
import { html } from './html';
import { Failure, PageHeading, Pager, when } from './shared';
import type { Pagination } from './types';

/** GET /v2/ecommerceReports/coupons/used-on-orders, as docs/coupon-report.md documents it. */
interface CouponReport {
  readonly range: { readonly startDate: string; readonly endDate: string; readonly preset: string };
  readonly summary: {
    readonly ordersWithCoupon: number;
    readonly totalOrders: number;
    readonly ordersWithCouponPct: number;
    readonly totalDiscounted: number;
  };
  readonly items: readonly {
    readonly coupon: string;
    readonly discount: { readonly display: string };
    readonly uses: number;
    readonly revenueImpact: number;
  }[];
  readonly pagination: Pagination;
}

export const presets = [
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['last_7_days', 'Last 7 days'],
  ['last_30_days', 'Last 30 days'],
  ['last_90_days', 'Last 90 days'],
  ['month_to_date', 'Month to date'],
  ['last_month', 'Last month'],
  ['quarter_to_date', 'Quarter to date'],
  ['year_to_date', 'Year to date'],
  ['custom', 'Custom range'],
] as const;

/** The report's query: what the form holds. */
export interface ReportQuery {
  readonly dateRange: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly productVariationId: string;
  readonly campaignId: string;
  readonly sortBy: string;
  readonly sortOrder: string;
  readonly limit: number;
  readonly page: number;
}

/** The query string of a report request; `exportCsv` asks for the CSV form with every row. */
export function reportSearch(query: ReportQuery, exportCsv = false): string {
  const params = new URLSearchParams({ dateRange: query.dateRange });
  if (query.dateRange === 'custom') {
    params.set('startDate', query.startDate);
    params.set('endDate', query.endDate);
  }
  if (query.productVariationId.trim()) params.set('productVariationId', query.productVariationId.trim());
  if (query.campaignId.trim()) params.set('campaignId', query.campaignId.trim());
  params.set('sortBy', query.sortBy);
  params.set('sortOrder', query.sortOrder);
  if (exportCsv) params.set('export', 'true');
  else {
    params.set('limit', String(query.limit));
    params.set('page', String(query.page));
  }
  return params.toString();
}

const money = (value: number): string =>
  value.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

const initial: ReportQuery = {
  dateRange: 'month_to_date',
  startDate: '',
  endDate: '',
  productVariationId: '',
  campaignId: '',
  sortBy: 'uses',
  sortOrder: 'desc',
  limit: 25,
  page: 1,
};

const path = '/v2/ecommerceReports/coupons/used-on-orders';

/** Reads the report of `query` whenever it changes, and says what it found. */
function useCouponReport(query: ReportQuery) {
  const portal = usePortal();
  const [report, setReport] = useState<CouponReport>();
  const [error, setError] = useState<ApiFailure>();
  useEffect(() => {
    void portal.api.call<CouponReport>('GET', `${path}?${reportSearch(query)}`).then((result) => {
      noting(portal, 'readCoupons', result);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(undefined);
      setReport(result.data);
      portal.announce(
        `Coupon report: ${result.data.pagination.total} coupon(s), ${result.data.summary.ordersWithCoupon} of ${result.data.summary.totalOrders} orders used one.`,
      );
    });
  }, [query]);
  return { report, error, setError };
}

/** Downloads the CSV of `query` with every row, as a file named after its date range. */
function useCsvDownload(query: ReportQuery, setError: (error: ApiFailure) => void) {
  const portal = usePortal();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    const result = noting(
      portal,
      'readCoupons',
      await portal.api.download(`${path}?${reportSearch(query, true)}`),
    );
    setDownloading(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(result.data);
    link.download = `coupon-report-${query.dateRange}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    portal.announce('CSV downloaded.');
  };
  return { downloading, download };
}

/** The report's options: range, filters, sorting and page size; the CSV button once a report is shown. */
function ReportForm(props: {
  readonly form: ReportQuery;
  readonly onForm: (form: ReportQuery) => void;
  readonly onApply: (event: Event) => void;
  readonly canDownload: boolean;
  readonly downloading: boolean;
  readonly onDownload: () => void;
}) {
  const { form } = props;
  const set =
    (key: keyof ReportQuery) =>
    (event: Event): void =>
      props.onForm({ ...form, [key]: (event.target as HTMLInputElement | HTMLSelectElement).value });
  return html`<form class="ap-form ap-report-form" aria-label="Report options" onSubmit=${props.onApply}>
      <div class="ap-field">
        <label for="ap-report-range">Date range</label>
        <select id="ap-report-range" value=${form.dateRange} onChange=${set('dateRange')}>
          ${presets.map(([value, label]) => html`<option key=${value} value=${value}>${label}</option>`)}
        </select>
      </div>
      ${
        form.dateRange === 'custom'
          ? html`<div class="ap-field">
              <label for="ap-report-start">Start date</label>
              <input id="ap-report-start" type="date" required value=${form.startDate} onInput=${set('startDate')} />
            </div>
            <div class="ap-field">
              <label for="ap-report-end">End date</label>
              <input id="ap-report-end" type="date" required value=${form.endDate} onInput=${set('endDate')} />
            </div>`
          : null
      }
      <div class="ap-field">
        <label for="ap-report-campaign">Campaign id</label>
        <input id="ap-report-campaign" value=${form.campaignId} placeholder="all" onInput=${set('campaignId')} />
      </div>
      <div class="ap-field">
        <label for="ap-report-product">Product variation id</label>
        <input id="ap-report-product" value=${form.productVariationId} placeholder="all" onInput=${set('productVariationId')} />
      </div>
      <div class="ap-field">
        <label for="ap-report-sort">Sort by</label>
        <select id="ap-report-sort" value=${form.sortBy} onChange=${set('sortBy')}>
          <option value="uses">Uses</option>
          <option value="revenueImpact">Revenue impact</option>
          <option value="coupon">Coupon code</option>
        </select>
      </div>
      <div class="ap-field">
        <label for="ap-report-order">Order</label>
        <select id="ap-report-order" value=${form.sortOrder} onChange=${set('sortOrder')}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </div>
      <div class="ap-field">
        <label for="ap-report-limit">Rows per page</label>
        <select id="ap-report-limit" value=${String(form.limit)} onChange=${set('limit')}>
          ${[3, 10, 25, 50, 100].map((n) => html`<option key=${n} value=${String(n)}>${n}</option>`)}
        </select>
      </div>
      <div class="ap-actions">
        <button type="submit">Show report</button>
        ${
          props.canDownload
            ? html`<button type="button" disabled=${props.downloading} onClick=${props.onDownload}>Download CSV</button>`
            : null
        }
      </div>
    </form>`;
}

/** What a report found: the summary line, the chart, the table of coupons and its pages. */
function ReportResults(props: { readonly report: CouponReport; readonly onPage: (page: number) => void }) {
  const { report } = props;
  return html`
          <p>
            ${`${when(report.range.startDate)} to ${when(report.range.endDate)}: `}
            ${report.summary.ordersWithCoupon} of ${report.summary.totalOrders} orders used a coupon
            (${report.summary.ordersWithCouponPct}%), ${money(report.summary.totalDiscounted)} discounted in all.
          </p>
          <${CouponChart} bars=${report.items} />
          ${
            report.items.length === 0
              ? html`<p>No coupon was used in this range.</p>`
              : html`<div class="ap-table-wrap" role="region" aria-label="Coupon table" tabindex="0">
                  <table class="ap-table ap-coupon-table">
                    <caption>Coupons used on orders</caption>
                    <thead>
                      <tr>
                        <th scope="col">Coupon</th>
                        <th scope="col">Discount</th>
                        <th scope="col">Uses</th>
                        <th scope="col">Revenue impact</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${report.items.map(
                        (item) => html`<tr key=${item.coupon}>
                          <th scope="row"><code class="ap-coupon-code">${item.coupon}</code></th>
                          <td>${item.discount.display}</td>
                          <td>${item.uses}</td>
                          <td>${money(item.revenueImpact)}</td>
                        </tr>`,
                      )}
                    </tbody>
                  </table>
                </div>`
          }
          <${Pager}
            page=${report.pagination.page}
            totalPages=${report.pagination.totalPages}
            label="Report pages"
            onPage=${props.onPage}
          />`;
}

/** Coupon report: presets, custom range, filters, sorting, pagination, chart and CSV download. */
export function CouponsPage() {
  const [form, setForm] = useState<ReportQuery>(initial);
  const [query, setQuery] = useState<ReportQuery>(initial);
  const { report, error, setError } = useCouponReport(query);
  const { downloading, download } = useCsvDownload(query, setError);
  const apply = (event: Event) => {
    event.preventDefault();
    setQuery({ ...form, limit: Number(form.limit), page: 1 });
  };
  return html`<section aria-labelledby="ap-page-title">
    <${PageHeading} text="Coupon report" />
    <${ReportForm}
      form=${form}
      onForm=${setForm}
      onApply=${apply}
      canDownload=${report !== undefined}
      downloading=${downloading}
      onDownload=${download}
    />
    <${Failure} error=${error} />
    ${report ? html`<${ReportResults} report=${report} onPage=${(page: number) => setQuery({ ...query, page })} />` : null}
  </section>`;
}
