/**
 * Long tasks (> 50 ms on the main thread) seen by a PerformanceObserver installed before the page's own
 * scripts, grouped into named phases by the page's clock, so each phase reports its longest task.
 */
import type { Page } from 'playwright-core';

export interface LongTask {
  start: number;
  duration: number;
}

export interface PhaseResult {
  name: string;
  /** Wall time of the phase in ms (page clock). */
  ms: number;
  tasks: LongTask[];
}

declare global {
  interface Window {
    __longTasks: LongTask[];
  }
}

/** Installs the observer in every document the page opens, before any of its scripts run. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** Long tasks are reported after they end: let a frame and the observer's callback run first. */
const settle = (page: Page, ms: number) =>
  page.evaluate((wait) => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), wait)), ms);

export class Phases {
  readonly results: PhaseResult[] = [];
  constructor(private readonly page: Page) {}

  /** Runs `action` as the phase `name`; tasks that start from its first moment to its settled end count. */
  async run(name: string, action: () => Promise<void>, settleMs = 150): Promise<PhaseResult> {
    const from = await pageNow(this.page);
    await action();
    await settle(this.page, settleMs);
    const to = await pageNow(this.page);
    const tasks = await this.page.evaluate(([a, b]) => window.__longTasks.filter((task) => task.start >= a && task.start < b), [from, to]);
    const result = { name, ms: to - from, tasks };
    this.results.push(result);
    return result;
  }

  /** Records a phase that started at navigation (page clock 0), e.g. opening the page. */
  async since(name: string, from: number): Promise<PhaseResult> {
    await settle(this.page, 0);
    const to = await pageNow(this.page);
    const tasks = await this.page.evaluate(([a, b]) => window.__longTasks.filter((task) => task.start >= a && task.start < b), [from, to]);
    const result = { name, ms: to - from, tasks };
    this.results.push(result);
    return result;
  }
}

export const longest = (tasks: LongTask[]) => tasks.reduce((max, task) => Math.max(max, task.duration), 0);
export const over = (tasks: LongTask[], ms: number) => tasks.filter((task) => task.duration > ms).length;
