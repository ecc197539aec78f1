import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubmission {
  guid: string;
  idempotencyGuid: string;
  body: {
    legalEntityId: number;
    idempotencyGuid: string;
    routing: { eIdentifiers: { scheme: string; id: string }[] };
    document: { documentType: string; rawDocumentData: { document: string; parseStrategy: string } };
  };
}

export interface FakeAccessPoint {
  baseUrl: string;
  apiKey: string;
  /** One entry per distinct idempotencyGuid: what the network would carry. */
  submissions: FakeSubmission[];
  /** Every POST received, retries included. */
  posts: number;
  /** What the next POSTs do: answer, refuse with a 422, or take the submission but answer too late. */
  mode: 'accept' | 'refuse' | 'slow';
  slowMs: number;
  /** guids whose evidence is not there yet (404), and guids the network failed (422). */
  pending: Set<string>;
  failed: Map<string, string>;
  close: () => Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/**
 * A local access point answering with Storecove's documented shapes: POST
 * /api/v2/document_submissions -> 200 { guid } (one submission per idempotencyGuid), a refusal as
 * 422 [{ source, details }], GET .../document_submissions/{guid}/evidence/sending -> 200 evidence or
 * 404 while processing.
 */
export async function startFakeAccessPoint(): Promise<FakeAccessPoint> {
  let counter = 0;
  const fake: Omit<FakeAccessPoint, 'baseUrl' | 'close'> = { apiKey: 'ap-test-key', submissions: [], posts: 0, mode: 'accept', slowMs: 1500, pending: new Set(), failed: new Map() };
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${fake.apiKey}`) return json(401, { message: 'Unauthorized' });
    const url = request.url ?? '';
    if (request.method === 'POST' && url === '/api/v2/document_submissions') {
      fake.posts += 1;
      const body = JSON.parse(await readBody(request)) as FakeSubmission['body'];
      if (fake.mode === 'refuse') {
        return json(422, [{ source: 'routing', details: `Receiver ${body.routing.eIdentifiers[0]?.scheme}:${body.routing.eIdentifiers[0]?.id} is not registered on Peppol` }]);
      }
      let submission = fake.submissions.find((entry) => entry.idempotencyGuid === body.idempotencyGuid);
      if (!submission) {
        counter += 1;
        submission = { guid: `sub-${counter}-${body.idempotencyGuid.slice(0, 8)}`, idempotencyGuid: body.idempotencyGuid, body };
        fake.submissions.push(submission);
      }
      const answer = { guid: submission.guid };
      if (fake.mode === 'slow') {
        setTimeout(() => (response.destroyed ? undefined : json(200, answer)), fake.slowMs);
        return undefined;
      }
      return json(200, answer);
    }
    const evidence = /^\/api\/v2\/document_submissions\/([^/]+)\/evidence\/sending$/.exec(url);
    if (request.method === 'GET' && evidence?.[1]) {
      const guid = decodeURIComponent(evidence[1]);
      if (!fake.submissions.some((entry) => entry.guid === guid)) return json(404, { message: 'Not found' });
      const failure = fake.failed.get(guid);
      if (failure) return json(422, [{ source: 'delivery', details: failure }]);
      if (fake.pending.has(guid)) return json(404, { message: 'Evidence not available yet' });
      return json(200, { guid, network: 'peppol', evidence: { message_id: `msg-${guid}` }, documents: [] });
    }
    return json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeAccessPoint;
}
