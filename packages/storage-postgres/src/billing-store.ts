import type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface ProfileRow {
  affiliate_id: string;
  id: string;
  customer_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface MethodRow {
  affiliate_id: string;
  payment_method_id: string;
  billing_profile_id: string;
  type: PaymentMethodDetails['type'];
  last4: string;
  holder_name: string | null;
  card_brand: string | null;
  exp_month: number | null;
  exp_year: number | null;
  postal_code: string | null;
  bank_name: string | null;
  account_type: 'checking' | 'savings' | null;
  is_default: boolean;
  created_at: Date;
}

const toProfile = (row: ProfileRow): BillingProfile => ({
  id: row.id,
  affiliateId: row.affiliate_id,
  ...(row.customer_id === null ? {} : { customerId: row.customer_id }),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A nullable column as an optional key: absent, never null. */
const optional = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: string };

function toDetails(row: MethodRow): PaymentMethodDetails {
  if (row.type === 'card') {
    return {
      id: row.payment_method_id,
      type: 'card',
      brand: row.card_brand ?? '',
      last4: row.last4,
      expMonth: Number(row.exp_month),
      expYear: Number(row.exp_year),
      ...optional('postalCode', row.postal_code),
      ...optional('name', row.holder_name),
    };
  }
  return {
    id: row.payment_method_id,
    type: 'us_bank_account',
    ...optional('bankName', row.bank_name),
    last4: row.last4,
    ...(row.account_type === null ? {} : { accountType: row.account_type }),
    ...optional('name', row.holder_name),
  };
}

const toMethod = (row: MethodRow): StoredPaymentMethod => ({
  affiliateId: row.affiliate_id,
  billingProfileId: row.billing_profile_id,
  method: toDetails(row),
  isDefault: row.is_default,
  createdAt: row.created_at,
});

/** The column values of a method, in the parameter order of the insert ($1 ... $14). */
function methodParams(stored: StoredPaymentMethod): unknown[] {
  const { method } = stored;
  const card = method.type === 'card' ? method : undefined;
  const bank = method.type === 'us_bank_account' ? method : undefined;
  return [
    stored.affiliateId,
    method.id,
    stored.billingProfileId,
    method.type,
    method.last4,
    method.name ?? null,
    card?.brand ?? null,
    card?.expMonth ?? null,
    card?.expYear ?? null,
    card?.postalCode ?? null,
    bank?.bankName ?? null,
    bank?.accountType ?? null,
    stored.isDefault,
    stored.createdAt,
  ];
}

/**
 * The billing store on PostgreSQL. `lockProfile` is an insert-if-absent then
 * `SELECT ... FOR UPDATE`, so concurrent first uses of one affiliate queue on the profile row.
 *
 * @example
 * postgresBillingStore(db, 'affiliate_commerce')
 */
export function postgresBillingStore(db: Db, schema: string): BillingStore {
  const getProfile = withSchema('select * from {s}.billing_profiles where affiliate_id = $1', schema);
  const insertProfile = withSchema(
    `insert into {s}.billing_profiles (affiliate_id, id, customer_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5) on conflict (affiliate_id) do nothing`,
    schema,
  );
  const lockProfile = withSchema(
    'select * from {s}.billing_profiles where affiliate_id = $1 for update',
    schema,
  );
  const setCustomer = withSchema(
    `update {s}.billing_profiles set customer_id = $3, updated_at = $4
     where affiliate_id = $1 and id = $2 and customer_id is null returning id`,
    schema,
  );
  const listMethods = withSchema(
    `select * from {s}.billing_payment_methods where affiliate_id = $1
     order by created_at, payment_method_id collate "C"`,
    schema,
  );
  const getMethod = withSchema(
    'select * from {s}.billing_payment_methods where affiliate_id = $1 and payment_method_id = $2',
    schema,
  );
  const insertMethod = withSchema(
    `insert into {s}.billing_payment_methods (affiliate_id, payment_method_id, billing_profile_id, type, last4,
       holder_name, card_brand, exp_month, exp_year, postal_code, bank_name, account_type, is_default, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (affiliate_id, payment_method_id) do nothing returning payment_method_id`,
    schema,
  );
  const lockMethod = withSchema(
    `select payment_method_id from {s}.billing_payment_methods
     where affiliate_id = $1 and payment_method_id = $2 for update`,
    schema,
  );
  // Two statements: the one-default index is checked row by row, so the old default is cleared first.
  const clearDefault = withSchema(
    `update {s}.billing_payment_methods set is_default = false
     where affiliate_id = $1 and is_default and payment_method_id <> $2`,
    schema,
  );
  const makeDefault = withSchema(
    'update {s}.billing_payment_methods set is_default = true where affiliate_id = $1 and payment_method_id = $2',
    schema,
  );

  return {
    async getProfile({ affiliateId }) {
      const { rows } = await db.query<ProfileRow>(getProfile, [affiliateId]);
      return rows[0] && toProfile(rows[0]);
    },
    lockProfile: ({ profile }) =>
      db.transaction(async (tx) => {
        await tx.query(insertProfile, [
          profile.affiliateId,
          profile.id,
          profile.customerId ?? null,
          profile.createdAt,
          profile.updatedAt,
        ]);
        const { rows } = await tx.query<ProfileRow>(lockProfile, [profile.affiliateId]);
        return toProfile(rows[0]!);
      }),
    async setCustomer({ affiliateId, billingProfileId, customerId, updatedAt }) {
      const { rows } = await db.query(setCustomer, [affiliateId, billingProfileId, customerId, updatedAt]);
      return rows.length === 1;
    },
    async listMethods({ affiliateId }) {
      const { rows } = await db.query<MethodRow>(listMethods, [affiliateId]);
      return rows.map(toMethod);
    },
    async getMethod({ affiliateId, paymentMethodId }) {
      const { rows } = await db.query<MethodRow>(getMethod, [affiliateId, paymentMethodId]);
      return rows[0] && toMethod(rows[0]);
    },
    async insertMethod({ method }) {
      const { rows } = await db.query(insertMethod, methodParams(method));
      return rows.length === 1;
    },
    setDefaultMethod: ({ affiliateId, paymentMethodId }) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query(lockMethod, [affiliateId, paymentMethodId]);
        if (rows.length === 0) return false;
        await tx.query(clearDefault, [affiliateId, paymentMethodId]);
        await tx.query(makeDefault, [affiliateId, paymentMethodId]);
        return true;
      }),
  };
}
