/**
 * The VAPID identity Web Push requests are signed with: the configured key pair, or one made at first start and
 * kept in dataDir/vapid-keys.json (every process sharing the folder signs with the same pair, so a browser's
 * subscription, made for the public key, stays valid across restarts).
 */
import path from 'node:path';
import webpush from 'web-push';
import { type Config, persistedSecret } from '@caravan/engine';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export function vapidDetails(config: Pick<Config, 'vapidKeys' | 'vapidSubject' | 'dataDir' | 'publicOrigin' | 'mailFrom'>): VapidDetails {
  const keys = config.vapidKeys ?? (JSON.parse(persistedSecret(path.join(config.dataDir, 'vapid-keys.json'), () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidDetails);
  return { subject: config.vapidSubject ?? defaultSubject(config), publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** Push services may write to this contact: the site when it is served over https, else the From address. */
function defaultSubject({ publicOrigin, mailFrom }: Pick<Config, 'publicOrigin' | 'mailFrom'>): string {
  if (publicOrigin.startsWith('https://')) return publicOrigin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
