import { z } from 'zod';
import { inboundMailStatuses } from '../einvoice-codes';
import { pageQuery } from './common';

/** Mail-in capture (issue 36): at most 10 attachments per mail, each kept as a document. */
export const MAX_MAIL_ATTACHMENTS = 10;
export const MAX_ALLOWED_SENDERS = 100;

export const allowedSenderMessage = 'Enter an email address (name@example.com) or a domain starting with @ (@example.com)';

const domainPattern = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An allow-list entry: an exact address, or "@domain" for everyone at that domain. Lower-cased. */
export const allowedSenderSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, allowedSenderMessage)
  .refine((value) => {
    if (value.startsWith('@')) return domainPattern.test(value.slice(1));
    return z.email().safeParse(value).success;
  }, allowedSenderMessage);

export const allowedSendersBody = z.object({
  allowedSenders: z
    .array(allowedSenderSchema)
    .max(MAX_ALLOWED_SENDERS, `At most ${MAX_ALLOWED_SENDERS} allowed senders`)
    .transform((list) => [...new Set(list)]),
});
export type AllowedSendersBody = z.infer<typeof allowedSendersBody>;

/** Whether `address` passes the allow-list: an empty list lets anyone in. */
export function senderAllowed(allowedSenders: readonly string[], address: string | null | undefined): boolean {
  if (allowedSenders.length === 0) return true;
  const normalized = (address ?? '').trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = normalized.slice(at);
  return allowedSenders.some((entry) => entry === normalized || entry === domain);
}

export const mailInQuery = pageQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const inboundMailSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  mailFrom: z.string(),
  subject: z.string().nullable(),
  status: z.enum(inboundMailStatuses),
  reason: z.string().nullable(),
  size: z.number(),
  documents: z.array(z.object({ id: z.string(), fileName: z.string() })),
});
export type InboundMailDto = z.infer<typeof inboundMailSchema>;

export const mailInSettingsSchema = z.object({
  address: z.string(),
  /** Whether this server runs the SMTP receiver (INBOUND_SMTP_PORT). */
  receiverOn: z.boolean(),
  allowedSenders: z.array(z.string()),
  mails: z.array(inboundMailSchema),
  total: z.number(),
});
export type MailInSettings = z.infer<typeof mailInSettingsSchema>;
