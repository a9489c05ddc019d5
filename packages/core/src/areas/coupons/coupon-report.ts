import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, moduleDisabled } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { RouteResult } from '../../http/route';
import { type CouponReportQueryInput, resolveReportQuery } from './coupon-input';
import { toCouponReportView } from './coupon-view';
import { csvResponse } from './report-csv';

/**
 * The coupon usage report (docs/api.md §4.5, §2.5): one page as JSON, or every row as a streamed CSV.
 * Redemptions count on `redeemedAt`; the order counts of the summary on the order's `createdAt`.
 *
 * @returns 400 MODULE_DISABLED when the affiliate's ecommerce module is disabled
 */
export function couponReport(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'logger'>,
  input: { affiliateId: string; query: CouponReportQueryInput },
): ResultAsync<RouteResult, DomainError> {
  const { affiliateId } = input;
  return ResultAsync.fromSafePromise(deps.storage.affiliates.get({ affiliateId }))
    .andThen((affiliate) =>
      affiliate?.ecommerceEnabled === false ? errAsync(moduleDisabled('ecommerce')) : okAsync(affiliate),
    )
    .andThen(() => {
      const resolved = resolveReportQuery(input.query, deps.clock.now());
      const query = { affiliateId, range: resolved.range, filters: resolved.filters, sort: resolved.sort };
      if (resolved.format === 'csv') {
        return okAsync<RouteResult>(
          csvResponse(deps.storage.coupons.reportRows(query), resolved.range, deps.logger),
        );
      }
      return ResultAsync.fromSafePromise(deps.storage.coupons.report({ ...query, page: resolved.page })).map(
        (page): RouteResult => ({ status: 200, body: toCouponReportView(resolved, page) }),
      );
    });
}
