/**
 * PgBouncer on loopback for the benches, in transaction pooling as docs/deploy/pgbouncer.ini
 * runs it, in front of the machine's PostgreSQL (trust auth there, so trust here too).
 * PgBouncer refuses to run as root: it runs as `postgres`, from a folder of its own.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type PgBouncer = { port: number; pid: number; urlOf(databaseUrl: string): string; stop(): Promise<void> };

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export async function startPgBouncer(port: number, postgres = { host: '127.0.0.1', port: 5432 }): Promise<PgBouncer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'billionett-pgbouncer-'));
  chmodSync(dir, 0o777);
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${postgres.host} port=${postgres.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      'pool_mode = transaction',
      'ignore_startup_parameters = options,extra_float_digits',
      'max_client_conn = 1000',
      'default_pool_size = 20',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('runuser', ['-u', 'postgres', '--', 'pgbouncer', ini], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await reachable(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start (see ${path.join(dir, 'pgbouncer.log')})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    // runuser's child: the pgbouncer process whose CPU the bench reads.
    pid: Number(await childPid(child.pid!)),
    urlOf(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pid of `parent`'s one child (runuser forks pgbouncer). */
async function childPid(parent: number): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' }).trim();
    if (out) return out.split(/\s+/)[0]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  return String(parent);
}
