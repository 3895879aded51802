/** Serves the built web app: hashed assets with a long cache, index.html for every client-side route. */
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

export function webApp(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/_api') || ctx.path.startsWith('/collab')) {
      return next();
    }
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    const file = path.join(distDir, path.normalize(ctx.path));
    if (file.startsWith(distDir) && ctx.path !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      await send(ctx, ctx.path, { root: distDir, immutable: isAsset, maxage: isAsset ? 31_536_000_000 : 0 });
      return;
    }
    if (isAsset) return next();
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
