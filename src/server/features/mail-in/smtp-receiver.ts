import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { InboundMail, RecordMailDeps } from './record-inbound-mail';
import { recordInboundMail, recordUnknownRecipient } from './record-inbound-mail';
import { findOrganizationByMailInToken, tokenFromRecipient } from './mail-in-token';

export interface MailInReceiverOptions {
  host: string;
  /** 0: any free port (tests). */
  port: number;
  domain: string;
  maxMessageBytes: number;
  onError?: (error: unknown) => void;
}

export interface MailInReceiver {
  port: number;
  close: () => Promise<void>;
}

const MAX_RECIPIENTS = 10;

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The message's bytes, at most `limit`; beyond that the rest is drained and null returned (552). */
async function readLimited(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= limit) chunks.push(buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

function addresses(list: { value: { address?: string }[] } | undefined): string[] {
  return (list?.value ?? []).map((entry) => entry.address ?? '').filter(Boolean);
}

/**
 * The mail-in SMTP receiver (issue 36). No AUTH and no TLS (a relay in front terminates TLS).
 * RCPT takes any address shaped bills+<token>@<domain> without looking the token up, so no
 * answer tells a sender whether a workspace exists; mail to an unknown token is dropped after DATA.
 */
export async function startMailInReceiver(deps: RecordMailDeps, options: MailInReceiverOptions): Promise<MailInReceiver> {
  const handleData = async (stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> => {
    const raw = await readLimited(stream, options.maxMessageBytes);
    if (!raw || stream.sizeExceeded) throw smtpError(552, `5.3.4 Message too big (at most ${options.maxMessageBytes} bytes)`);
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
    const mailFrom = session.envelope.mailFrom;
    const mail: InboundMail = {
      envelopeFrom: mailFrom ? mailFrom.address : '',
      headerFrom: addresses(parsed.from),
      subject: parsed.subject ?? null,
      messageId: parsed.messageId ?? null,
      size: raw.length,
      // Images embedded in the HTML body (logos, signatures) are part of the text, not bills.
      attachments: parsed.attachments.filter((attachment) => !attachment.related),
    };
    const seen = new Set<string>();
    for (const recipient of session.envelope.rcptTo) {
      const token = tokenFromRecipient(recipient.address, options.domain);
      if (!token || seen.has(token)) continue;
      seen.add(token);
      const organization = await findOrganizationByMailInToken(deps.db, token);
      if (organization) await recordInboundMail(deps, { ...organization, recipient: recipient.address }, mail);
      else await recordUnknownRecipient(deps.db, recipient.address, mail, deps.now());
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxMessageBytes,
    banner: 'Signal AR mail-in',
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      if (!tokenFromRecipient(address.address, options.domain)) return callback(smtpError(550, '5.1.1 Mailbox unavailable'));
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, '4.5.3 Too many recipients'));
      return callback();
    },
    onData(stream, session, callback) {
      handleData(stream, session).then(
        () => callback(),
        (error: unknown) => {
          if (error instanceof Error && 'responseCode' in error) return callback(error);
          options.onError?.(error);
          stream.resume();
          callback(smtpError(451, '4.3.0 Temporary failure, please try again later'));
        },
      );
    },
  });
  server.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
