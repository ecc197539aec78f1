import { createServer } from 'node:http';

/** The platform's ceiling on this machine: node:http answering {"ok":true}, nothing else. */
const port = Number(process.env.PORT ?? 5090);
const body = '{"ok":true}';
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(port, '127.0.0.1', () => console.log(`raw on ${port}`));
