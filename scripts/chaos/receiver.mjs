/**
 * A webhook receiver of the chaos harness, in a process of its own (as a
 * merchant's receiver would be): HTTPS with the run's certificate. The harness
 * sets its mode over IPC (ok: 200; fail: 500; hang: never answers, so the
 * gateway's WEBHOOK_TIMEOUT_MS ends the attempt) and asks for its receipts.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const [cert, key] = process.argv.slice(2);
const receipts = [];
let mode = 'ok';
const server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (request, response) => {
  let body = '';
  request.on('data', (d) => (body += d));
  request.on('end', () => {
    const answered = mode;
    let eventId;
    try {
      eventId = JSON.parse(body).id;
    } catch {
      eventId = undefined;
    }
    receipts.push({ path: request.url, webhookId: request.headers['webhook-id'], eventId, at: Date.now(), answered });
    if (answered === 'hang') return;
    response.writeHead(answered === 'ok' ? 200 : 500, { 'content-type': 'text/plain' });
    response.end(answered === 'ok' ? 'ok' : 'failing on command');
  });
});
server.keepAliveTimeout = 1000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message.mode) mode = message.mode;
  if (message.receipts) process.send({ receipts });
});
process.on('disconnect', () => process.exit(0));
