import { giftPrice, GIFTS, ICEBREAKER_COUNT } from '@datekit/runtime/data/gifts';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { chatPhotoRoute, giftRoute, giftsRoute, icebreakersRoute } from '@datekit/runtime/schemas/api/contracts/chat';
import { deletePhotoFiles, storeChatPhoto } from '../../media/process-photo.ts';
import { SEND_MESSAGE_ERRORS, sendMessage } from './send-message.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

export const listGifts = defineRoute({
  contract: giftsRoute,
  summary:
    "The gift catalogue with each gift's name in the visitor's language and its price in credits for this brand.",
  auth: 'none',
  handler: async ({ brand, locale, services, reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return {
      gifts: GIFTS.map((g) => ({
        id: g.id,
        name: services.translate(locale, `chat:gift.${g.id}`),
        price: giftPrice(g.id, brand.gift_credits),
      })),
    };
  },
});

export const sendGift = defineRoute({
  contract: giftRoute,
  rateLimit: RATE_LIMITS.messages,
  summary: "Send a gift inside the chat; costs the gift's price. The same rules as a message apply.",
  auth: 'member',
  errors: SEND_MESSAGE_ERRORS,
  status: 201,
  idempotent: true,
  handler: async ({ body, member, brand, services }) =>
    sendMessage(services, brand, member, body.profile_id, {
      kind: 'gift',
      giftId: body.gift_id,
      cost: giftPrice(body.gift_id, brand.gift_credits),
    }),
});

export const sendChatPhoto = defineRoute({
  contract: chatPhotoRoute,
  rateLimit: RATE_LIMITS.uploads,
  summary:
    'Send a photo inside the chat: the raw image as the body (image/jpeg, png, webp, avif, heic), re-encoded by sharp; costs photo_credits. Free recipients get the blurred version; the files are served to the two members of the conversation only.',
  auth: 'member',
  errors: ['payload_too_large', 'unsupported_media_type', 'invalid_image', ...SEND_MESSAGE_ERRORS],
  status: 201,
  idempotent: true,
  handler: async ({ query, request, member, brand, services }) => {
    if (!Buffer.isBuffer(request.body)) throw new ApiError('unsupported_media_type');
    const stored = await storeChatPhoto(request.body, services.config.mediaDir);
    try {
      return await sendMessage(services, brand, member, query.profile_id, {
        kind: 'photo',
        photo: stored,
        cost: brand.photo_credits,
      });
    } catch (error) {
      // Refused (credits, blocking, …): the processed files go too.
      await deletePhotoFiles(services.config.mediaDir, stored);
      throw error;
    }
  },
});

export const icebreakers = defineRoute({
  contract: icebreakersRoute,
  summary: "Opening lines suggested for an empty conversation, in the visitor's language.",
  auth: 'none',
  handler: async ({ locale, services }) => ({
    icebreakers: Array.from({ length: ICEBREAKER_COUNT }, (_, i) =>
      services.translate(locale, `chat:icebreaker.${i + 1}`),
    ),
  }),
});

export const chatExtraRoutes = [listGifts, sendGift, sendChatPhoto, icebreakers];
