/** Saves text as a file in the browser, with no call to the server. */
export function downloadText(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
