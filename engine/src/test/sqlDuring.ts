/**
 * Every SQL statement the server sends while `run` runs (same process, same pg module), but the background loops'
 * (notifications by e-mail and push, reminders): they run on their own clocks, and a push claim every 500 ms would
 * otherwise land in a request's count now and then.
 */
import pg from 'pg';

const BACKGROUND = /\b(notifications|notification_email_delivery|push_deliveries|push_subscriptions|reminder_facts|reminder_scans)\b/;

export async function sqlDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    if (!BACKGROUND.test(text)) seen.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}
