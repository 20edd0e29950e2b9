/**
 * SIGTERM drill on a real process: a slow client in the middle of a request must not hold the
 * shutdown to the 25 s cap and exit code 1 (docs/security.md item 19). Runs the server from source
 * on embedded PGlite, once (the database plays no part).
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { onPostgres, startServer } from '#test/server-process.ts';

describe.skipIf(onPostgres)('SIGTERM', () => {
  it('drains, cuts a slow client after the drain period, and exits 0 well before the 25 s cap', async () => {
    const { child, port } = await startServer();

    // A client that starts a request and never finishes its body.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    );
    slow.on('error', () => undefined);
    // And an idle keep-alive connection, which must not hold the shutdown at all.
    const idle = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(idle.status).toBe(200);

    const sent = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    const seconds = (Date.now() - sent) / 1000;
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(20);
    slow.destroy();
  }, 40_000);
});
