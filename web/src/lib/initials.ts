/** Avatar initials: first letters of the first and last words, or the first 2 characters of a one-word name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? [...words[0]][0] + [...words[words.length - 1]][0] : [...words[0]].slice(0, 2).join('');
  return letters.toUpperCase();
}
