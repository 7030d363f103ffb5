// A real S3 endpoint for tests: s3rver (an S3 server on the file system, from npm)
// on a free port of the loopback address, with one bucket, behind a thin HTTP front
// that records every request (to check what the server sends the bucket) and can
// refuse writes the way a bucket without write permission does.
//
// s3rver runs in a child process started with --openssl-legacy-provider: it makes
// its listing continuation tokens with DES, which OpenSSL 3 keeps only there, and
// any listing longer than one page needs one.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const S3RVER_BIN = require.resolve('s3rver/bin/s3rver.js');

/** s3rver's own key pair, which it checks signatures against. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this bucket. */
  env: Record<string, string>;
  /** Options for an S3Storage of this bucket. */
  options: {
    bucket: string;
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** Every request the bucket was sent, oldest first. */
  requests: RecordedRequest[];
  /** While on, every write (PUT, POST, DELETE) is answered 403 AccessDenied. */
  refuseWrites(on: boolean): void;
  /** While on, every connection is cut as it arrives: a bucket that is down. */
  goDown(on: boolean): void;
  /** A GET of the object straight from the bucket, without credentials. */
  anonymousGet(key: string): Promise<Response>;
  stop(): Promise<void>;
}

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

/** Starts s3rver with `bucket` on a free port; resolves once it listens. */
async function startS3rver(directory: string, bucket: string) {
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '-e',
      // s3rver's own command line (it reads process.argv[1] as its script), ended
      // when the test's process ends: its stdin closes then, however it ended.
      "process.stdin.on('end', () => process.exit(0)).resume(); require(process.argv[1]);",
      S3RVER_BIN,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /S3rver listening on [^:]+:(\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${output}`)));
  });
  return { child, port };
}

export async function startTestBucket(bucket = 'folio-media'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'folio-s3rver-'));
  const s3rver = await startS3rver(directory, bucket);
  const requests: RecordedRequest[] = [];
  let refusing = false;
  let down = false;
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
    if (down) {
      request.socket.destroy();
      return;
    }
    if (refusing && request.method !== 'GET' && request.method !== 'HEAD') {
      // The body is read before answering, so the client sees the 403, not a reset.
      request.resume();
      request.on('end', () => {
        response.writeHead(403, { 'content-type': 'application/xml' }).end(ACCESS_DENIED);
      });
      return;
    }
    // Passed on as it came, Host included: the signature covers it.
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: s3rver.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    requests,
    refuseWrites: (on) => {
      refusing = on;
    },
    goDown: (on) => {
      down = on;
    },
    anonymousGet: (key) => fetch(`${endpoint}/${bucket}/${key}`),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (s3rver.child.exitCode === null) {
        const exited = new Promise((resolve) => s3rver.child.once('exit', resolve));
        s3rver.child.kill();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An endpoint nothing listens on: a bucket that is down. */
export async function downEndpoint(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
