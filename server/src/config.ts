/** Reads the environment once into a typed config; every default is documented in the README. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationURL?: string;
  tokenURL?: string;
  userProfileURL?: string;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Public origin of the web app (OAuth callback and links); defaults to http://localhost:PORT. */
  publicOrigin: string;
  dataDir: string;
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  google: GoogleConfig | null;
  /** Photon-compatible geocoder for the location type-ahead; the offline gazetteer when unset. */
  geocoderUrl: string | undefined;
  /** Where /collab/ websocket upgrades are forwarded. */
  collabUrl: string;
  collabPort: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authorizationURL: env.GOOGLE_AUTHORIZATION_URL,
          tokenURL: env.GOOGLE_TOKEN_URL,
          userProfileURL: env.GOOGLE_USERINFO_URL,
        }
      : null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'web/dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    google,
    geocoderUrl: env.GEOCODER_URL || undefined,
    collabUrl: env.COLLAB_URL ?? `http://127.0.0.1:${env.COLLAB_PORT ?? 1234}`,
    collabPort: Number(env.COLLAB_PORT ?? 1234),
  };
}
