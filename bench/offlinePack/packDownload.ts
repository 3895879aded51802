/**
 * Downloads a pack as a device does: the style, its TileJSON, glyph ranges and sprite, then every tile, `parallel`
 * requests at a time over keep-alive connections, each tile gzipped on the wire as the tile service sends it.
 */
export interface DownloadResult {
  ms: number;
  requests: number;
  failed: number;
}

export async function downloadPack(styleUrl: string, tiles: ReadonlyArray<[number, number, number]>, parallel: number): Promise<DownloadResult> {
  const started = performance.now();
  let [requests, failed] = [0, 0];
  const fetched = async (url: string) => {
    requests += 1;
    const answer = await fetch(url);
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok) failed += 1;
    return body;
  };
  const style = JSON.parse((await fetched(styleUrl)).toString());
  const tileJson = JSON.parse((await fetched(style.sources.openmaptiles.url)).toString());
  const template: string = tileJson.tiles[0];
  const extras = [
    ...['Noto Sans Regular', 'Noto Sans Bold'].flatMap((font) => ['0-255', '256-511', '8192-8447'].map((range) => style.glyphs.replace('{fontstack}', encodeURIComponent(font)).replace('{range}', range))),
    ...['', '@2x'].flatMap((ratio) => [`${style.sprite}${ratio}.json`, `${style.sprite}${ratio}.png`]),
  ];
  const queue = [...extras, ...tiles.map(([z, x, y]) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)))];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < queue.length) await fetched(queue[next++]);
    }),
  );
  return { ms: performance.now() - started, requests, failed };
}
