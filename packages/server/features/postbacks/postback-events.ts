import type { PostbackEvent } from '../../db/schema.ts';

/** The conversions a network can be told of; a module of its own, so that the CLI's help reads it without the server. */
export const POSTBACK_EVENTS = ['soi', 'doi', 'sale', 'reversal'] as const satisfies readonly PostbackEvent[];
