import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { PostbackEvent, PostbackStatus } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { eventsOf } from './postback-configs.ts';
import { renderPostbackUrl } from './postback-template.ts';
import { activeConfigs, insertDelivery, memberTracking } from './postbacks.queries.ts';
import { qualityOf } from './quality.queries.ts';
import { POSTBACK_JOB, POSTBACK_MAX_ATTEMPTS } from './send-postback.ts';

export interface Conversion {
  event: PostbackEvent;
  userId: number;
  /** The paid order of a sale, or the order a reversal takes back. */
  order?: { id: number; amountCents: number; currency: string };
}

/**
 * Records the postbacks a conversion owes, in the caller's transaction (the signup, the activation,
 * the payment's booking), so they exist exactly when the conversion does: one delivery per config of
 * the member's network that wants this event, unique per config, event, member and order, so a
 * replayed webhook or a second click adds nothing. Each is sent by the `postback-send` job after the
 * commit. The member's id never leaves the server: the network gets a random `conversion_id`.
 * Traffic quality decides the rest (statusFor).
 */
export async function queuePostbacks(trx: Db, conversion: Conversion, now: number): Promise<void> {
  const member = await memberTracking(trx, conversion.userId);
  if (!member?.network) return;
  const configs = (await activeConfigs(trx, { brand: member.brand, network: member.network })).filter((c) =>
    eventsOf(c).includes(conversion.event),
  );
  const quality = configs.length ? await qualityOf(trx, member.id) : undefined;
  for (const config of configs) {
    const conversionId = randomBytes(12).toString('base64url');
    const { order } = conversion;
    const url = renderPostbackUrl(config.url_template, {
      network: member.network,
      ref: member.ref ?? '',
      sub1: member.sub1 ?? '',
      sub2: member.sub2 ?? '',
      sub3: member.sub3 ?? '',
      event: conversion.event,
      amount: order ? (order.amountCents / 100).toFixed(2) : '',
      currency: order?.currency ?? '',
      order_id: order ? String(order.id) : '',
      conversion_id: conversionId,
    });
    const status = statusFor(conversion.event, config.hold === 1, quality);
    const id = await insertDelivery(trx, {
      config_id: config.id,
      brand: member.brand,
      event: conversion.event,
      user_id: member.id,
      order_key: order?.id ?? 0,
      conversion_id: conversionId,
      url,
      status,
      created_at: now,
    });
    if (id !== undefined && status === 'queued') await queueSend(trx, id, now);
  }
}

/**
 * A signup from a blocked source is never posted back, whatever the event. A flagged signup's SOI
 * waits for an operator (`held`) unless the config sends without the hold (`--hold off`); its DOI and
 * sales are sent: a confirmed address and a paid order are what junk traffic does not produce.
 */
export function statusFor(
  event: PostbackEvent,
  configHolds: boolean,
  quality: { flagged: number; blocked: number } | undefined,
): PostbackStatus {
  if (quality?.blocked) return 'blocked';
  if (event === 'soi' && configHolds && quality?.flagged) return 'held';
  return 'queued';
}

/** Queues the job that sends a delivery (also when an operator releases a held one). */
export async function queueSend(trx: Db, deliveryId: number, now: number): Promise<void> {
  await enqueueJob(trx, POSTBACK_JOB, { id: deliveryId }, now, { maxAttempts: POSTBACK_MAX_ATTEMPTS });
}
