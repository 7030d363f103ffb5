// nginx in front of the web servers: Debian's nginx-light, a config written to a
// folder of its own, in the foreground (daemon off) so it is a child like the rest.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Managed, Processes } from './processes.ts';
import { answers200, waitUntil } from './wait.ts';

export const NGINX = '/usr/sbin/nginx';

/** Installs Debian's nginx-light when nginx is missing (as root), through the project's script. */
export function ensureNginx(root: string): void {
  execFileSync(
    'bash',
    [path.join(root, 'scripts', 'ensure-debian-package.sh'), 'nginx-light', NGINX],
    {
      stdio: 'inherit',
    },
  );
}

/**
 * The config: one upstream of every web server, keepalive to them, and nginx's one
 * retry. A killed server refuses the connection (or drops it mid-request); nginx then
 * passes the same request to the next server (`proxy_next_upstream`, at most 2 tries,
 * so a request costs at most two servers), and takes the failed one out for 5 s
 * (`max_fails=1 fail_timeout=5s`) before it tries it again with one request. A killed
 * server refuses the connection at once, whatever the timeout; the short connect
 * timeout skips one that does not answer at all (a machine gone) in 1.5 s instead of
 * nginx's 60. Not 1 s: Linux sends a SYN again after 1 s, so a connection a busy
 * server's full accept queue dropped would fail just as its second try went out. Up to 512 idle connections per nginx worker
 * stay open to the servers, so a peak reuses them instead of opening one per request:
 * a server busy at the peak accepts new connections late, and a connect that waits
 * past the timeout is a 504 when no other server is left to try.
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const { dir } = options;
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  return `# Written by scripts/cluster.ts; every run writes it anew.
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 16384;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  # A reader's connection is kept for as long as they read.
  keepalive_requests 1000000;
  # Page files the desk uploads (resumable, in parts) and the ingest's PDFs.
  client_max_body_size 200m;
  upstream folio {
${servers}
    keepalive 512;
    keepalive_requests 1000000;
  }
  server {
    # nginx's own backlog is 511 on Linux: 1,000 readers connecting at once would
    # overflow it, and every dropped SYN waits 1-3 s for its retry.
    listen 127.0.0.1:${options.port} backlog=4096;
    location / {
      proxy_pass http://folio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # One id from nginx's log line to every line the web server writes for it.
      proxy_set_header X-Request-Id $request_id;
      proxy_connect_timeout 1500ms;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      # A page image (a few hundred KB) fits in memory; a larger answer streams
      # through rather than being written to a temp file on the way.
      proxy_buffers 32 16k;
      proxy_max_temp_file_size 0;
      # An upload's part or a PDF's render may take its time.
      proxy_read_timeout 120s;
      proxy_send_timeout 120s;
    }
  }
}
`;
}

/** Writes the config into `dir` and starts nginx; resolves once `healthPath` answers 200 through it. */
export async function startNginx(
  processes: Processes,
  options: { name: string; dir: string; port: number; upstreams: number[]; healthPath: string },
): Promise<{ url: string; managed: Managed; conf: string }> {
  const { dir } = options;
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  // nginx's workers drop to an unprivileged user, which must reach its temp folders.
  await chmod(dir, 0o755);
  await chmod(path.join(dir, 'tmp'), 0o777);
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(options));
  const managed = processes.start(options.name, NGINX, ['-p', dir, '-c', conf], { tier: 'front' });
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntil(`nginx at ${url}`, () => answers200(`${url}${options.healthPath}`), {
    timeoutMs: 30_000,
    alive: () => processes.assertRunning(managed),
  });
  return { url, managed, conf };
}
