import { allowedSendersBody, mailInQuery, mailInSettingsSchema } from '../../../shared/contracts/mail-in';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { fileStoreOf } from '../../platform/storage';
import { receiveEinvoiceFile } from '../einvoicing/receive/receive-einvoice-file';
import { getMailInSettings, rotateMailInToken, updateAllowedSenders } from './mail-in.service';
import { mailInDomain } from './mail-in-token';
import { type MailInReceiver, startMailInReceiver } from './smtp-receiver';

const managers = ['owner', 'admin'] as const;

export async function mailInRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const domain = mailInDomain(deps.config);
  const smtp = deps.config.mailIn?.smtp ?? null;

  // The receiver lives and dies with the app: it listens once the app is ready and closes with it.
  let receiver: MailInReceiver | null = null;
  if (smtp) {
    app.addHook('onReady', async () => {
      receiver = await startMailInReceiver(
        {
          db: deps.db,
          store: fileStoreOf(deps),
          now: deps.now,
          // An XML or PDF e-invoice attachment becomes a draft bill as an upload's "create transaction" would make it.
          receiveEinvoiceFile: (db, input) => receiveEinvoiceFile(db, input, { store: fileStoreOf(deps), encryptionKey: deps.config.encryptionKey, now: deps.now() }),
        },
        { ...smtp, domain, onError: (error) => app.log.error({ err: error }, 'mail-in receiver error') },
      );
      app.log.info(`Mail-in SMTP receiver on ${smtp.host}:${receiver.port} for bills+<token>@${domain}`);
    });
    app.addHook('onClose', async () => {
      await receiver?.close();
    });
  }

  app.get(
    '/api/mail-in',
    { schema: { tags: ['mail-in'], summary: "The workspace's mail-in address, sender allow-list and latest received mails", querystring: mailInQuery, response: { 200: mailInSettingsSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const settings = await getMailInSettings(deps.db, auth.organizationId, { domain, receiverOn: smtp !== null, ...request.query });
      return reply.header('X-Total-Count', String(settings.total)).send(settings);
    },
  );

  app.put(
    '/api/mail-in/allowed-senders',
    { schema: { tags: ['mail-in'], summary: 'Replace the sender allow-list (addresses or @domains; empty: anyone)', body: allowedSendersBody } },
    async (request) => {
      const auth = requireRole(request, managers);
      return { allowedSenders: await updateAllowedSenders(deps.db, auth, request.body) };
    },
  );

  app.post(
    '/api/mail-in/rotate-token',
    { schema: { tags: ['mail-in'], summary: 'A new mail-in address; the old one stops working' } },
    async (request) => rotateMailInToken(deps.db, requireRole(request, managers), domain),
  );
}
