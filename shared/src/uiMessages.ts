/** User-facing texts of the web screens (SPEC-1 §2, §8; SPEC-2 §2, §8), once. */
export const uiMessages = {} as const;
