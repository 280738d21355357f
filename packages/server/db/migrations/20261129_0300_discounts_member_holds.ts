import { sql, type Kysely } from 'kysely';

/**
 * `discount_member_holds`: a once-per-user discount (the built-in welcome and time-bonus codes, an
 * operator's once-per-user code) taken by one payment per member, in the transaction that records
 * the payment, as `discount_reservations` does for codes valid once in total. The primary key
 * (brand, code, user_id) lets one payment per member hold it, on both engines and across instances.
 * Released when that payment fails, is cancelled or expires; a paid one keeps it for good.
 *
 * The built-in WELCOME25 and TIMEBONUS25 are one benefit (25 % off the first purchase) under two
 * names, so both are held under WELCOME25. Open checkouts that already carry such a discount are
 * entered (the oldest per member), so that they hold it from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_member_holds')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_member_holds_pk', ['brand', 'code', 'user_id'])
    .execute();
  await db.schema
    .createIndex('discount_member_holds_payment')
    .on('discount_member_holds')
    .column('payment_id')
    .execute();

  await sql`
    INSERT INTO discount_member_holds (brand, code, user_id, payment_id, created_at)
    SELECT brand, code, user_id, MIN(id), MIN(created_at)
    FROM (
      SELECT p.id, p.brand, p.user_id, p.created_at,
        CASE WHEN p.discount_code IN ('WELCOME25', 'TIMEBONUS25') THEN 'WELCOME25' ELSE p.discount_code END AS code
      FROM payments p
      WHERE p.status IN ('open', 'pending')
        AND (
          p.discount_code IN ('WELCOME25', 'TIMEBONUS25')
          OR EXISTS (
            SELECT 1 FROM discount_codes c
            WHERE c.brand = p.brand AND c.code = p.discount_code AND c.validity = 'once-per-user'
          )
        )
    ) held
    GROUP BY brand, code, user_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_member_holds').execute();
}
