import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
await ctx.addInitScript(() => {
  window.__raf = [];
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => { window.__raf.push(Math.round(performance.now())); cb(t); });
});
const page = await ctx.newPage();
await page.goto('http://localhost:3950/login');
await page.getByLabel('Email').fill('demo@caravan.test');
await page.getByLabel('Password', { exact: true }).fill('caravan-demo');
await page.locator('form button[type=submit]').click();
await page.waitForTimeout(2000);
await page.goto('http://localhost:3950/trips');
const href = await page.locator('a[href^="/trips/"]').first().getAttribute('href', { timeout: 10000 });
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
await page.goto('http://localhost:3950' + href);
await page.waitForTimeout(8000);
const raf = await page.evaluate(() => window.__raf);
const buckets = {};
for (const t of raf) { const b = Math.floor(t / 1000); buckets[b] = (buckets[b] ?? 0) + 1; }
console.log('raf per second', JSON.stringify(buckets));
const m = await cdp.send('Performance.getMetrics');
console.log(m.metrics.filter((x) => /Duration|Nodes|JSHeap/.test(x.name)).map((x) => x.name + '=' + (x.value.toFixed ? x.value.toFixed(2) : x.value)).join(' '));
await browser.close();
