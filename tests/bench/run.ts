import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../server/build-if-needed.ts';
import { bundleServerIfNeeded } from '../../server/prepare.ts';
import { benchAgenda } from './agenda.ts';
import { benchAgendaImport } from './agenda-import.ts';
import { benchAttendeeSearch } from './attendee-search.ts';
import { benchAvatarLoad } from './avatar-load.ts';
import { benchBadgesPdf } from './badges-pdf.ts';
import { benchBundle } from './bundle.ts';
import { benchDataExport } from './data-export.ts';
import { benchFreePassClaims } from './free-pass-claims.ts';
import { benchInvoice } from './invoice.ts';
import { benchInvoiceApi } from './invoice-api.ts';
import { benchInvoicePdf } from './invoice-pdf.ts';
import { benchInvoiceZip } from './invoice-zip.ts';
import { benchKiosk } from './kiosk.ts';
import { benchLanguageSwitch } from './language-switch.ts';
import { benchLayoutShift } from './layout-shift.ts';
import { benchLeadDownload } from './lead-download.ts';
import { benchLeadUpload } from './lead-upload.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoad } from './load.ts';
import { benchOfflinePass } from './offline-pass.ts';
import { benchPassPage } from './pass-page.ts';
import { benchReleaseSize } from './release-size.ts';
import { writeResults } from './report.ts';
import { benchScanToList, SCAN_BENCH_ATTENDEES } from './scan-to-list.ts';
import { benchScannerDecode } from './scanner-decode.ts';
import { startServer } from './server-process.ts';
import { benchSignIn } from './sign-in.ts';
import { benchStartup } from './startup.ts';
import { benchThroughput } from './throughput.ts';

/** `npm run bench`: prints `BENCH <name> <value> <unit>` lines and writes bench-results.json. */
await buildIfNeeded((m) => console.log(m));
await bundleServerIfNeeded();

const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-app-'));
// The page benches sign in and load pages many times from one address: rate limits are not what they measure.
// The scan-to-list bench scans more distinct badges than the 40 generic attendees have.
const server = await startServer(
  {
    DATA_DIR: dataDir,
    ADDRESS_RATE_LIMIT_PER_MINUTE: '10000',
    EMAIL_RATE_LIMIT_PER_MINUTE: '10000',
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    DEMO_ATTENDEES: String(SCAN_BENCH_ATTENDEES),
  },
  4390,
);
try {
  await benchBundle(server.url);
  await benchLighthouse(server.url);
  await benchLayoutShift(server.url);
  await benchLanguageSwitch(server.url);
  await benchPassPage(server.url);
  await benchAgenda(server.url);
  await benchOfflinePass(server.url);
  await benchScannerDecode(server.url);
  await benchScanToList(server.url);
  await benchKiosk(server.url);
  await benchSignIn(server.url);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
await benchStartup();
await benchThroughput();
// The event-morning step test (npm run bench:load holds each step 15 s); 5 s steps here keep the whole run reasonable.
await benchLoad({ stepSeconds: Number(process.env.LOAD_STEP_SECONDS ?? 5) });
await benchFreePassClaims();
await benchInvoicePdf();
await benchInvoice();
await benchInvoiceApi();
await benchInvoiceZip();
await benchDataExport();
await benchLeadUpload();
await benchLeadDownload();
await benchAvatarLoad();
await benchAgendaImport();
await benchAttendeeSearch();
await benchBadgesPdf();
await benchReleaseSize();
writeResults();
