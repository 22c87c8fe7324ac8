import { z } from 'zod';
import { defineFn } from '../define.ts';
import { messageIdSchema } from './common.ts';

/** Reading one message, fetched on demand and sanitised. */
export const messageFunctions = {
  getEmailContent: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'A message fetched from the provider on demand, sanitised; never stored.',
    request: z
      .object({
        messageId: messageIdSchema(),
        /** The user chose "Show images": keep remote https images in the HTML. */
        showRemoteImages: z.boolean().optional(),
      })
      .strict(),
    response: z.object({
      id: z.string(),
      threadId: z.string(),
      labelIds: z.array(z.string()),
      headers: z.object({
        from: z.string(),
        to: z.string(),
        cc: z.string(),
        replyTo: z.string(),
        subject: z.string(),
        date: z.string(),
      }),
      html: z.string().nullable(),
      text: z.string().nullable(),
      attachments: z.array(z.object({ filename: z.string(), mimeType: z.string(), size: z.number().int() })),
      remoteImagesBlocked: z.number().int(),
      /**
       * Set when the message is past one of Mailroom's caps on hostile mail (size, MIME depth or
       * parts, render time): html and text are then null, and the reader is sent to Gmail.
       */
      refusal: z.object({ message: z.string(), gmailUrl: z.string() }).optional(),
    }),
  }),
} as const;
