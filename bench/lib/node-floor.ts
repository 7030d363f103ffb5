// node:http's floor for bench:content-api: node:http with no framework at all,
// answering every request with one recorded answer (its status line, its headers
// and its bytes, a fresh X-Request-Id as ours makes). No server built on node:http
// could cost less; Folio's replays now skip node:http on new connections
// (apps/server/src/http/wire.ts), which is how they can. Run as a process of its own:
//   node --import tsx bench/lib/node-floor.ts PORT ANSWER_FILE
// ANSWER_FILE is JSON: { "headers": [name, value, ...], "body": base64 }.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, answerFile] = process.argv.slice(2);
if (!port || !answerFile) {
  console.error('usage: node-floor.ts PORT ANSWER_FILE');
  process.exit(2);
}
const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as { headers: string[]; body: string };
const body = Buffer.from(answer.body, 'base64');

const server = http.createServer({ keepAliveTimeout: 72_000 }, (_req, res) => {
  res.writeHead(200, answer.headers.concat('x-request-id', randomUUID()));
  res.end(body);
});
// The same backlog as Folio's main.ts.
server.listen(Number(port), '127.0.0.1', 4096);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
