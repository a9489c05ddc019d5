import type { CaseStatusCategory } from '@affiliate-commerce/core';
import type { CaseRecord, CaseStore, SyncedField, SyncedRequestType } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface RequestTypeRow {
  affiliate_id: string;
  request_type_id: string;
  name: string;
  description: string | null;
  fields: SyncedField[];
  synced_at: Date;
}

interface CaseRow {
  affiliate_id: string;
  id: string;
  request_type_id: string;
  name: string;
  category: string;
  order_id: string | null;
  external_issue_id: string;
  external_issue_key: string;
  external_url: string | null;
  status: string;
  status_category: CaseStatusCategory;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

function toRequestType(row: RequestTypeRow): SyncedRequestType {
  return {
    affiliateId: row.affiliate_id,
    requestTypeId: row.request_type_id,
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    fields: row.fields,
    syncedAt: row.synced_at,
  };
}

function toCase(row: CaseRow): CaseRecord {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    requestTypeId: row.request_type_id,
    name: row.name,
    category: row.category,
    ...(row.order_id === null ? {} : { orderId: row.order_id }),
    externalIssueId: row.external_issue_id,
    externalIssueKey: row.external_issue_key,
    ...(row.external_url === null ? {} : { externalUrl: row.external_url }),
    status: row.status,
    statusCategory: row.status_category,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The case store on PostgreSQL. @example postgresCaseStore(db, 'affiliate_commerce') */
export function postgresCaseStore(db: Db, schema: string): CaseStore {
  const saveType = withSchema(
    `insert into {s}.support_request_types (affiliate_id, request_type_id, name, description, fields, synced_at)
     values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (affiliate_id, request_type_id) do update set name = excluded.name,
       description = excluded.description, fields = excluded.fields, synced_at = excluded.synced_at`,
    schema,
  );
  const getType = withSchema(
    'select * from {s}.support_request_types where affiliate_id = $1 and request_type_id = $2',
    schema,
  );
  const listTypes = withSchema(
    'select * from {s}.support_request_types where affiliate_id = $1 order by request_type_id',
    schema,
  );
  const saveCase = withSchema(
    `insert into {s}.support_cases (affiliate_id, id, request_type_id, name, category, order_id, external_issue_id,
       external_issue_key, external_url, status, status_category, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (affiliate_id, id) do update set request_type_id = excluded.request_type_id, name = excluded.name,
       category = excluded.category, order_id = excluded.order_id, external_issue_id = excluded.external_issue_id,
       external_issue_key = excluded.external_issue_key, external_url = excluded.external_url,
       status = excluded.status, status_category = excluded.status_category, created_by = excluded.created_by,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    schema,
  );
  const getCase = withSchema('select * from {s}.support_cases where affiliate_id = $1 and id = $2', schema);
  const setStatus = withSchema(
    `update {s}.support_cases set status = $3, status_category = $4, updated_at = $5
     where affiliate_id = $1 and id = $2
     returning *`,
    schema,
  );
  return {
    async saveRequestType({ requestType: t }) {
      await db.query(saveType, [
        t.affiliateId,
        t.requestTypeId,
        t.name,
        t.description ?? null,
        JSON.stringify(t.fields),
        t.syncedAt,
      ]);
    },
    async getRequestType({ affiliateId, requestTypeId }) {
      const { rows } = await db.query<RequestTypeRow>(getType, [affiliateId, requestTypeId]);
      return rows[0] && toRequestType(rows[0]);
    },
    async listRequestTypes({ affiliateId }) {
      const { rows } = await db.query<RequestTypeRow>(listTypes, [affiliateId]);
      return rows.map(toRequestType);
    },
    async saveCase({ caseRecord: c }) {
      await db.query(saveCase, [
        c.affiliateId,
        c.id,
        c.requestTypeId,
        c.name,
        c.category,
        c.orderId ?? null,
        c.externalIssueId,
        c.externalIssueKey,
        c.externalUrl ?? null,
        c.status,
        c.statusCategory,
        c.createdBy,
        c.createdAt,
        c.updatedAt,
      ]);
    },
    async getCase({ affiliateId, id }) {
      const { rows } = await db.query<CaseRow>(getCase, [affiliateId, id]);
      return rows[0] && toCase(rows[0]);
    },
    async setCaseStatus({ affiliateId, id, status, statusCategory, updatedAt }) {
      const { rows } = await db.query<CaseRow>(setStatus, [
        affiliateId,
        id,
        status,
        statusCategory,
        updatedAt,
      ]);
      return rows[0] && toCase(rows[0]);
    },
  };
}
