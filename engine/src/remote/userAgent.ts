/**
 * The User-Agent every request to a remote provider carries: the public services ask clients to say who they are
 * and how to reach them, so each instance names its own origin ("Caravan/0.1.0 (+https://trips.example.org)").
 */
import fs from 'node:fs';

const version = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const providerUserAgent = (publicOrigin: string) => `Caravan/${version} (+${publicOrigin})`;
