import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, demoEmail } from '../../server/db/seed/demo-accounts.ts';
import { measureProcess } from './process-stats.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';

const PORT = 4396;
/** Generic approved attendees seeded on top of the named demo accounts: about 2,000 badges in all. */
const PEOPLE = 2000;

/**
 * The organizer's badges PDF for about 2,000 people (2×4 label sheets), from the server bundle as
 * `npm start` runs it: time from the request to the last byte (budget ≤ 20 s) and the server
 * process's extra memory meanwhile, its peak resident set minus the idle one before the request
 * (budget ≤ 300 MB), sampled every 20 ms. A one-badge PDF first loads the code paths, so the
 * figures are about the 2,000 badges and not about the first import of pdf-lib. The server's CPU
 * seconds for the render are reported too: on a busy machine the wall time says little on its own.
 */
export async function benchBadgesPdf() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-badges-'));
  const server = await startServer(
    { DATA_DIR: dataDir, DEMO_ATTENDEES: String(PEOPLE), ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000' },
    PORT,
  );
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error('no server pid');
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail('organizer'), password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const get = (query: string) => fetch(`${server.url}/api/organizer/badges.pdf${query}`, { headers });

    const me = (await (await fetch(`${server.url}/api/user/`, { headers })).json()) as { uuid: string };
    const warm = await get(`?layout=a6&userId=${me.uuid}`);
    if (!warm.ok) throw new Error(`warm-up: ${warm.status}`);
    await warm.arrayBuffer();
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const { result, seconds, cpuSeconds, extraRssMb } = await measureProcess(pid, async () => {
      let bytes = 0;
      let tail = '';
      const res = await get('?layout=sheet');
      if (!res.ok || !res.body) throw new Error(`badges: ${res.status}`);
      for await (const chunk of res.body) {
        bytes += chunk.length;
        tail = (tail + Buffer.from(chunk).toString('latin1')).slice(-262_144); // the page tree and the cross-reference table come last
      }
      return { bytes, pages: Number(/\/Type \/Pages \/Count (\d+)/.exec(tail)?.[1] ?? 0) };
    });
    const { bytes, pages } = result;
    if (pages < PEOPLE / 8) throw new Error(`badges PDF has ${pages} pages, expected at least ${PEOPLE / 8}`);
    console.log(`badges PDF: ${pages} sheets (${pages * 8} label places), ${(bytes / 1e6).toFixed(1)} MB`);
    report('badges_pdf_2000_s', seconds, 's', '<= 20 s');
    report('badges_pdf_2000_server_cpu_s', cpuSeconds, 's');
    report('badges_pdf_2000_extra_rss_mb', extraRssMb, 'MB', '<= 300 MB');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/badges-pdf.ts` runs it alone (after the server bundle is built).
if (isMain(import.meta.url)) await benchBadgesPdf();
