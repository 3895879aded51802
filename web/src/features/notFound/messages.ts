/** Texts of the not-found page (docs/product.md#not-found). */
export const notFoundMessages = {
  title: 'Not Found',
  body: 'The page you are looking for does not exist.',
  home: 'Go to the home page',
} as const;
