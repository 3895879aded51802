/** How much of an element's screenshot is one colour: the map's canvas is WebGL, so tests read its pixels this way. */
import type { Locator, Page } from 'playwright-core';

/**
 * The share (0..1) of the element's pixels within `tolerance` of `hex` in each channel. The screenshot is
 * decoded by the page itself (an image on a 2D canvas): the page's context needs `bypassCSP: true`.
 */
export async function colourShare(page: Page, element: Locator, hex: string, tolerance = 6): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  const target = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return page.evaluate(
    async ({ png, target, tolerance }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let matching = 0;
      for (let index = 0; index < data.length; index += 4) {
        if (target.every((channel, offset) => Math.abs(data[index + offset] - channel) <= tolerance)) matching += 1;
      }
      return matching / (data.length / 4);
    },
    { png, target, tolerance },
  );
}
