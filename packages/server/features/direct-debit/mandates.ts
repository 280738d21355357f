import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { toLocale } from '@datekit/runtime/data/locales';
import type { DirectDebitStatus, MandateRequest } from '@datekit/runtime/schemas/api/direct-debit';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { offeredMethods } from '../payments/order-pricing.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { debitUsage, isDebitBlocked } from './debit-limits.ts';
import { maskIban } from './mask-iban.ts';
import {
  hashMandateCode,
  MANDATE_CODE_MAX_ATTEMPTS,
  MANDATE_CODE_TTL_MS,
  newMandateCode,
  sameHash,
} from './mandate-code.ts';

/** An IBAN in electronic format when its checksum holds and it can be debited (a SEPA country), else null. */
export function sepaIban(input: string): string | null {
  const iban = electronicFormatIBAN(input);
  if (!iban || !isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) return null;
  return iban;
}

const maskPhone = (phone: string) => `••• ${phone.replace(/\D/g, '').slice(-3)}`;

/** The member's mandate (the newest pending or valid one), the block and what the limits allow. */
export async function directDebitStatus(services: Services, member: CurrentMember): Promise<DirectDebitStatus> {
  const mandate = await services.db
    .selectFrom('debit_mandates')
    .select(['status', 'account_holder', 'iban', 'phone'])
    .where('user_id', '=', member.id)
    .where('status', 'in', ['pending', 'valid'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    mandate:
      mandate && (mandate.status === 'pending' || mandate.status === 'valid')
        ? {
            status: mandate.status,
            account_holder: mandate.account_holder,
            iban: maskIban(mandate.iban),
            phone: maskPhone(mandate.phone),
          }
        : null,
    blocked: await isDebitBlocked(services.db, member.id),
    limits: await debitUsage(services.db, member.id, services.now()),
  };
}

/**
 * Records a new mandate as pending and texts a one-time code to the phone entered. A confirmed
 * mandate stays in use until a new one is confirmed; an earlier pending one (and its code) is void.
 */
export async function startMandate(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  input: MandateRequest,
): Promise<void> {
  if (!offeredMethods(brand, member.country).includes('directdebit')) {
    throw new ApiError('payment_method_unavailable', {}, { field: 'method' });
  }
  if (await isDebitBlocked(services.db, member.id)) throw new ApiError('directdebit_blocked');
  const iban = sepaIban(input.iban);
  if (!iban) throw new ApiError('iban_invalid', {}, { field: 'iban' });
  const code = newMandateCode();
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('debit_mandates')
      .set({ status: 'replaced', code_hash: null })
      .where('user_id', '=', member.id)
      .where('status', '=', 'pending')
      .execute();
    const row = await trx
      .insertInto('debit_mandates')
      .values({
        user_id: member.id,
        brand: brand.domain,
        status: 'pending',
        account_holder: input.account_holder,
        iban,
        street: input.street,
        house_number: input.house_number,
        zip: input.zip,
        city: input.city,
        phone: input.phone,
        code_hash: null,
        code_expires_at: now + MANDATE_CODE_TTL_MS,
        provider: null,
        provider_customer_id: null,
        provider_mandate_id: null,
        created_at: now,
        confirmed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('debit_mandates')
      .set({ code_hash: hashMandateCode(row.id, code) })
      .where('id', '=', row.id)
      .execute();
  });
  const locale = toLocale(member.language) ?? 'en';
  await services.sms.send({
    to: input.phone,
    from: brand.name,
    text: services.translate(locale, 'mail:sms.directdebit_code', {
      brand: brand.name,
      code,
      minutes: MANDATE_CODE_TTL_MS / 60_000,
    }),
  });
}

/**
 * Confirms the pending mandate with the code from the text message. A wrong, expired or already
 * used code is 'Code invalid'; each code confirms once (the claim clears its digest atomically) and
 * is compared MANDATE_CODE_MAX_ATTEMPTS times at most, however many guesses arrive at once. The provider then records the customer's mandate;
 * the member's earlier mandate is replaced.
 */
export async function confirmMandate(services: Services, member: CurrentMember, code: string): Promise<void> {
  const now = services.now();
  const mandate = await services.db
    .selectFrom('debit_mandates')
    .selectAll()
    .where('user_id', '=', member.id)
    .where('status', '=', 'pending')
    .where('code_hash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const invalid = new ApiError('directdebit_code_invalid', {}, { field: 'code' });
  if (!mandate?.code_hash) throw invalid;
  // Each comparison first takes one of the code's attempts, counted and checked in one statement:
  // read-then-write let 41 concurrent guesses on PostgreSQL compare 7 codes against a limit of 5.
  const attempt = await services.db
    .updateTable('debit_mandates')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
    .where('id', '=', mandate.id)
    .where('code_hash', '=', mandate.code_hash)
    .where('code_attempts', '<', MANDATE_CODE_MAX_ATTEMPTS)
    .where('code_expires_at', '>=', now)
    .returning('code_attempts')
    .executeTakeFirst();
  if (!attempt || !sameHash(hashMandateCode(mandate.id, code), mandate.code_hash)) throw invalid;
  const claimed = await services.db
    .updateTable('debit_mandates')
    .set({ code_hash: null })
    .where('id', '=', mandate.id)
    .where('code_hash', '=', mandate.code_hash)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalid;

  // Outside any transaction: with Mollie this is a network call.
  const created = await services.payments
    .createMandate({
      accountHolder: mandate.account_holder,
      iban: mandate.iban,
      email: member.email,
      reference: `DK-${mandate.id}`,
      signedAt: now,
    })
    .catch((error: unknown) => {
      services.log.error({ err: error, mandate_id: mandate.id }, 'payment provider refused a mandate');
      throw new ApiError('payment_unavailable');
    });
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('debit_mandates')
      .set({ status: 'replaced' })
      .where('user_id', '=', member.id)
      .where('status', '=', 'valid')
      .execute();
    await trx
      .updateTable('debit_mandates')
      .set({
        status: 'valid',
        provider: services.payments.name,
        provider_customer_id: created.customerId,
        provider_mandate_id: created.mandateId,
        confirmed_at: now,
      })
      .where('id', '=', mandate.id)
      .execute();
  });
}
