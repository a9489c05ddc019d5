import type { Migration } from './migration';

/**
 * Billing profiles and their payment methods (docs/api.md §2.4, §4.4).
 *
 * - One profile per affiliate (`affiliate_id` is the key), so the insert-if-absent of the first
 *   use cannot make two; `customer_id` is null until the processor customer exists.
 * - A method's details are columns, checked by type: a card row never holds bank-account
 *   columns and the other way round, `last4` is four digits, `exp_month` 1..12.
 * - `billing_one_default` allows at most one default method per affiliate; the use cases keep
 *   exactly one once a method exists, with the profile row locked.
 */
export const billingMigration: Migration = {
  version: 7,
  name: 'billing',
  sql: `
    create table {s}.billing_profiles (
      affiliate_id text primary key,
      id text not null unique,
      customer_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (affiliate_id, id)
    );

    create table {s}.billing_payment_methods (
      affiliate_id text not null,
      payment_method_id text not null,
      billing_profile_id text not null,
      type text not null check (type in ('card', 'us_bank_account')),
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      holder_name text,
      card_brand text,
      exp_month smallint check (exp_month between 1 and 12),
      exp_year smallint check (exp_year between 1000 and 9999),
      postal_code text,
      bank_name text,
      account_type text check (account_type in ('checking', 'savings')),
      is_default boolean not null,
      created_at timestamptz not null,
      primary key (affiliate_id, payment_method_id),
      foreign key (affiliate_id, billing_profile_id) references {s}.billing_profiles (affiliate_id, id),
      check (
        case type
          when 'card' then card_brand is not null and exp_month is not null and exp_year is not null
            and bank_name is null and account_type is null
          else card_brand is null and exp_month is null and exp_year is null and postal_code is null
        end
      )
    );

    create unique index billing_one_default on {s}.billing_payment_methods (affiliate_id) where is_default;
    create index billing_payment_methods_by_age
      on {s}.billing_payment_methods (affiliate_id, created_at, payment_method_id collate "C");
  `,
};
