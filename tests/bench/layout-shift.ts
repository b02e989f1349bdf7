import type { Page } from '@playwright/test';
import { launchChromium, report } from './report.ts';
import { runStandalone } from './standalone.ts';

/**
 * Cumulative layout shift of every page a phone user opens (budget: ≤ 0.05 on every page): each
 * page loaded fresh at 390 × 844, the shifts the browser reports until the network is idle and a
 * moment after (late news, lists, images). Shifts right after input do not count, as in the metric.
 */

const PASSWORD = 'Demo-Pass-2026!';

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}
const SIGNED_OUT = ['/sign-in', '/sign-up', '/registration', '/information'];
const ATTENDEE = [
  '/',
  '/pass',
  '/accommodation',
  '/accommodation/book',
  '/agenda',
  '/floor-plan',
  '/site-plan',
  '/invoices',
  '/profile',
  '/train-ticket',
];

async function layoutShift(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            if (entry.value > 0.01) {
              const moved = entry.sources.map(
                (source) => `${source.node?.nodeName}.${(source.node as Element | null)?.className}`,
              );
              console.log(`shift ${entry.value.toFixed(3)}: ${moved.join(', ')}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 50);
      }),
  );
}

export async function benchLayoutShift(baseUrl: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // Which elements moved, for the pages over budget.
    page.on('console', (message) => {
      if (message.text().startsWith('shift ')) console.log(`  ${page.url()} ${message.text()}`);
    });
    const shifts: { path: string; cls: number }[] = [];
    for (const path of SIGNED_OUT) shifts.push({ path, cls: await layoutShift(page, `${baseUrl}${path}`) });
    await page.goto(`${baseUrl}/sign-in`);
    await context.addCookies([{ name: 'survey', value: 'skip', url: baseUrl }]);
    await page.getByLabel('E-mail address').fill('attendee@demo.cloudfest.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/`);
    for (const path of ATTENDEE) shifts.push({ path, cls: await layoutShift(page, `${baseUrl}${path}`) });
    const worst = shifts.reduce((a, b) => (b.cls > a.cls ? b : a));
    for (const { path, cls } of shifts) if (cls > 0.05) console.log(`  CLS ${cls.toFixed(3)} on ${path}`);
    console.log(`  worst: ${worst.path}`);
    report('cls_worst_page', Number(worst.cls.toFixed(3)), 'score', '<= 0.05');
    await context.close();
  } finally {
    await browser.close();
  }
}

await runStandalone(import.meta.url, benchLayoutShift);
