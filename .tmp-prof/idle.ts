import { execSync } from 'node:child_process';
import { launchBrowser, newContext } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/e2e/support/sign-in';
import { ADMIN } from '../tests/e2e/support/accounts';

let profile = '';
function findProfile(): void {
  const out = execSync(`ps -eo pid,ppid,args`).toString();
  for (const line of out.trim().split('\n')) { const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line); if (m && Number(m[2]) === process.pid && /playwright_chromiumdev_profile-\w+/.test(m[3]!)) profile = /playwright_chromiumdev_profile-\w+/.exec(m[3]!)![0]; }
  console.log('profile', profile);
}
function chromeCpu(): number {
  if (!profile) findProfile();
  const out = execSync(`for p in $(pgrep -f ${profile}); do cat /proc/$p/stat 2>/dev/null; done`).toString();
  let t = 0;
  for (const line of out.split('\n')) { if (!line) continue; const f = line.slice(line.lastIndexOf(')') + 2).split(' '); t += Number(f[11]) + Number(f[12]); }
  return t / 100;
}
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  const context = await newContext(browser, { withServiceWorker: true });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, ADMIN);
  for (const path of ['/dashboard', '/prescriptions/transfers', '/appointments/calendar-view-page', '/messages']) {
    await page.goto(server.baseUrl + path);
    await page.waitForTimeout(4000);
    const c0 = chromeCpu();
    await page.waitForTimeout(10000);
    console.log(path, 'idle 10 s: chromium cpu s', (chromeCpu() - c0).toFixed(2));
  }
} finally {
  await browser.close();
  await server.stop();
}
