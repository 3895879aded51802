/**
 * The app's colours where CSS variables cannot reach (the invitation e-mail's inline styles). The web's
 * stylesheet (web/src/styles.css, :root) holds the same values; a test keeps the two equal.
 */
export const BRAND_COLOURS = {
  /** Buttons and links; white text on it passes WCAG AA. */
  accent: '#bf5520',
  background: '#faf7f2',
  surface: '#ffffff',
  text: '#1f2a33',
  muted: '#5f6b75',
} as const;
